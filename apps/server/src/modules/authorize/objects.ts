import { AUTHORIZE_OBJECT, type AuthorizeObjectType } from '@macro/contract/authorize';
import type { Tx } from '@macro/store';
import { notFound } from '../../platform/errors.ts';
import { assertRolesExist } from '../identity/public.ts';
import { findUser } from '../identity/public.ts';

/** Who a grant is for, as the services here name it. */
export interface GrantObject {
  kind: 'role' | 'user';
  id: number;
}

/**
 * The role or user a grant names, checked to exist in the tenant (404 otherwise; a role is kept
 * from removal until the transaction ends).
 */
export async function grantObject(tx: Tx, objectType: number, objectId: number): Promise<GrantObject> {
  if ((objectType as AuthorizeObjectType) === AUTHORIZE_OBJECT.role) {
    await assertRolesExist(tx, [objectId]);
    return { kind: 'role', id: objectId };
  }
  if (!(await findUser(tx, objectId))) throw notFound('authorize.userNotFound');
  return { kind: 'user', id: objectId };
}

export const distinctIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
