import { AUTH_ENDPOINTS, newPasswordText } from '@macro/contract/auth';
import { plainPassword } from '@macro/contract/users';
import type { Ctx, Tx } from '@macro/store';
import type { UserInfo } from '@macro/contract/users';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/module.ts';
import { MENU_ENDPOINTS } from '@macro/contract/menus';
import { menuRoutes, permissionCodes, topMenus } from '../menus/public.ts';
import { apiScopeCodes } from '../scopes/public.ts';
import { verifyPassword } from '../identity/public.ts';
import { localFileStore, readStoredFile, storeImage } from '../files/public.ts';
import { findUser, roleIdsOf, roleNamesOf, setOwnAvatar, setPassword, type UserRow, updateOwnDetails } from '../identity/public.ts';
import { USER_STATUS, users } from '../identity/public.ts';
import { tenantNameOf } from '../tenants/public.ts';
import { paramValue } from '../params/public.ts';
import { lockStates, unlockAccount } from './lockout.ts';
import { type PasswordDecryptor, plainPasswordOf } from './passwords.ts';
import type { AuthService } from './service.ts';
import { endSessions } from '../identity/public.ts';

/** What avatar files are stored as, and the address the console loads one from. */
const AVATAR = 'avatar';
const avatarUrl = (fileId: number) => `/api${AUTH_ENDPOINTS.avatarFile.path.replace(':id', String(fileId))}`;

/** The users of the transaction's tenant, in the order asked, each locked for change; 404 names none of the others. */
async function usersOr404(ctx: Ctx, userIds: readonly number[]): Promise<UserRow[]> {
  const found: UserRow[] = [];
  for (const id of userIds) {
    const user = await findUser(ctx.tx, id);
    if (!user) throw notFound('auth.userNotFound');
    found.push(user);
  }
  return found;
}

/** The signed-in user as the console's header shows them: names, tenant, roles. */
export async function userInfo(tx: Tx, userId: number): Promise<UserInfo> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, USER_STATUS.enabled)));
  if (!user) throw notFound();
  const { names, aliases } = await roleNamesOf(tx, userId);
  return {
    id: user.id,
    tenantId: user.tenantId,
    tenantName: await tenantNameOf(tx, user.tenantId),
    account: user.account,
    name: user.name,
    realName: user.realName,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    roleName: names.join(','),
    roles: aliases,
  };
}

/** The signed-in user's own account, and an administrator's account-security actions on others. */

/**
 * The tenant's parameter an administrator sets for the password a reset gives (BladeX's
 * `account.initPassword`); it must pass the password policy, else the server's configured value holds.
 */
export const RESET_PASSWORD_PARAM = 'account.initPassword';
const resetPasswordOf = (tx: Tx, config: Config) => paramValue(tx, RESET_PASSWORD_PARAM, plainPassword, config.resetPassword);

export function accountRoutes(_service: AuthService, config: Config, decrypt: PasswordDecryptor) {
  const files = localFileStore(config.filesDir);
  return [
    route(AUTH_ENDPOINTS.userInfo, (_, { tx, auth }) => userInfo(tx, auth!.userId)),

    // The signed-in user's sidebar and permission codes.
    route(MENU_ENDPOINTS.routes, async (_, { tx, auth }) => menuRoutes(tx, await roleIdsOf(tx, auth!.userId))),
    route(MENU_ENDPOINTS.permissions, async (_, { tx, auth }) => {
      const roleIds = await roleIdsOf(tx, auth!.userId);
      // Codes held through API scopes count too: the console shows what the server lets through.
      return [...new Set([...(await permissionCodes(tx, roleIds)), ...(await apiScopeCodes(tx, roleIds))])];
    }),
    route(MENU_ENDPOINTS.topMenu, async (_, { tx, auth }) => topMenus(tx, await roleIdsOf(tx, auth!.userId))),
    route(AUTH_ENDPOINTS.topMenu, async (_, { tx, auth }) => topMenus(tx, await roleIdsOf(tx, auth!.userId))),

    route(AUTH_ENDPOINTS.unlock, async ({ body }, ctx) => {
      const targets = await usersOr404(ctx, body.userIds);
      const states = new Map(
        (
          await lockStates(
            ctx.tx,
            targets.map((u) => u.account),
          )
        ).map((s) => [s.account, s]),
      );
      let unlocked = 0;
      for (const user of targets) {
        const state = states.get(user.account);
        if (await unlockAccount(ctx.tx, user.account)) unlocked += 1;
        await ctx.audit.record(ctx.tx, ctx.actor, {
          action: 'unlock',
          resource: 'user',
          resourceId: user.id,
          before: state ? { failures: state.failures, lockedUntil: state.lockedUntil, locks: state.locks } : null,
          after: { failures: 0, lockedUntil: null, locks: 0 },
        });
      }
      return { unlocked };
    }),

    route(AUTH_ENDPOINTS.resetPasswordValue, async (_, { tx }) => ({ password: await resetPasswordOf(tx, config) })),

    route(AUTH_ENDPOINTS.resetPassword, async ({ body }, ctx) => {
      const targets = await usersOr404(ctx, body.userIds);
      const password = await resetPasswordOf(ctx.tx, config);
      for (const user of targets) {
        await setPassword(ctx.tx, user.id, password, true);
        const ended = await endSessions(ctx.tx, user.id);
        await ctx.audit.record(ctx.tx, ctx.actor, {
          action: 'reset-password',
          resource: 'user',
          resourceId: user.id,
          after: { mustChangePassword: true, sessionsEnded: ended },
        });
      }
      return { reset: targets.length };
    }),

    route(AUTH_ENDPOINTS.updatePassword, async ({ body }, { tx, auth, actor, audit }) => {
      const oldPassword = decrypt(body.oldPassword);
      const newPassword = plainPasswordOf(decrypt, body.newPassword, newPasswordText);
      if (decrypt(body.newPassword1) !== newPassword) throw badRequest('auth.passwordMismatch');
      const user = await findUser(tx, auth!.userId);
      if (!user) throw new AppError(401, 'common.tokenInvalid');
      if (!(await verifyPassword(oldPassword, user.passwordHash))) throw badRequest('auth.oldPasswordWrong');
      if (newPassword === oldPassword) throw badRequest('auth.samePassword');
      await setPassword(tx, user.id, newPassword, false);
      const ended = await endSessions(tx, user.id, auth!.sessionId);
      await audit.record(tx, actor, {
        action: 'update-password',
        resource: 'user',
        resourceId: user.id,
        after: { mustChangePassword: false, otherSessionsEnded: ended },
      });
      return null;
    }),

    route(AUTH_ENDPOINTS.updateAvatar, async ({ body }, ctx) => {
      const userId = ctx.auth!.userId;
      const file = await storeImage(ctx, files, body.image, AVATAR, 'auth.avatarType');
      const changed = await setOwnAvatar(ctx.tx, userId, avatarUrl(file.id));
      if (!changed) throw new AppError(401, 'common.tokenInvalid');
      await ctx.audit.record(ctx.tx, ctx.actor, { action: 'update-avatar', resource: 'user', resourceId: userId, ...changed });
      return userInfo(ctx.tx, userId);
    }),

    route(AUTH_ENDPOINTS.avatarFile, async ({ params }, { tx, reply }) => {
      const { file, bytes } = await readStoredFile(tx, files, params.id);
      // Only avatars: the id of a stamp image or an annex answers as if it did not exist.
      if (file.purpose !== AVATAR) throw notFound();
      reply
        .type(file.mimeType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400');
      return reply.send(bytes) as never;
    }),

    route(AUTH_ENDPOINTS.updateInfo, async ({ body }, { tx, auth, actor, audit }) => {
      if (body.id !== auth!.userId) throw new AppError(403, 'auth.notYourAccount');
      const { id, ...change } = body;
      const changed = await updateOwnDetails(tx, id, change);
      if (!changed) throw new AppError(401, 'common.tokenInvalid');
      await audit.record(tx, actor, { action: 'update', resource: 'user', resourceId: id, ...changed });
      return userInfo(tx, id);
    }),
  ];
}
