import type { AppFunctionScheme, appFunctionSchemeBody } from '@macro/contract/authorize';
import type { Ctx, Tx } from '@macro/store';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { assertUnique, auditedDelete, auditedInsert, auditedUpdate, findOr404 } from '../../platform/crud.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import { iso } from '../../platform/time.ts';
import { resolveForm } from '../forms/public.ts';
import { appFuncs, appFunctionSchemes } from './tables.ts';

type Body = z.output<typeof appFunctionSchemeBody>;
type Row = typeof appFunctionSchemes.$inferSelect;

const RESOURCE = 'appFunctionScheme';
const NOT_FOUND = { message: 'authorize.schemeNotFound' };

/** The designs with the names of their function and form. */
async function present(tx: Tx, rows: readonly Row[]): Promise<AppFunctionScheme[]> {
  const ids = [...new Set(rows.map((row) => row.funcId))];
  const named = ids.length ? await tx.select({ id: appFuncs.id, name: appFuncs.name }).from(appFuncs).where(inArray(appFuncs.id, ids)) : [];
  const functions = new Map(named.map((f) => [f.id, f.name]));
  const forms = new Map<string, string>();
  for (const code of new Set(rows.map((row) => row.formCode).filter(Boolean))) {
    forms.set(
      code,
      await resolveForm(tx, code).then(
        (form) => form.name,
        () => '',
      ),
    );
  }
  return rows.map((row) => ({
    id: row.id,
    funcId: row.funcId,
    funcName: functions.get(row.funcId) ?? '',
    pageKind: row.pageKind,
    formCode: row.formCode,
    formName: forms.get(row.formCode) ?? '',
    columns: row.columns,
    title: row.title,
    updateTime: iso(row.updatedAt),
  }));
}

export async function appFunctionSchemeList(tx: Tx, funcId?: number): Promise<AppFunctionScheme[]> {
  const query = tx.select().from(appFunctionSchemes);
  const rows = await (funcId === undefined ? query : query.where(eq(appFunctionSchemes.funcId, funcId))).orderBy(asc(appFunctionSchemes.funcId));
  return present(tx, rows);
}

export async function appFunctionSchemeDetail(tx: Tx, id: number): Promise<AppFunctionScheme> {
  return (await present(tx, [await findOr404(tx, appFunctionSchemes, id, NOT_FOUND)]))[0];
}

/**
 * What is kept of a design: the function is the tenant's (held to the end of the save), the form
 * is, and a list's columns are its fields; a link keeps no form and no columns.
 */
async function checked(tx: Tx, body: Body, exceptId?: number): Promise<Omit<Row, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>> {
  const [func] = await tx.select({ id: appFuncs.id, name: appFuncs.name }).from(appFuncs).where(eq(appFuncs.id, body.funcId)).for('key share');
  if (!func) throw unprocessable('authorize.appFuncUnknown');
  await assertUnique(tx, appFunctionSchemes, eq(appFunctionSchemes.funcId, body.funcId), {
    exceptId,
    message: 'authorize.schemeExists',
    params: { name: func.name },
  });
  if (body.pageKind === 'link') return { funcId: body.funcId, pageKind: 'link', formCode: '', columns: [], title: body.title };
  const form = await resolveForm(tx, body.formCode).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? unprocessable('authorize.formMissing', { code: body.formCode }) : error;
  });
  const columns = body.pageKind === 'list' ? [...new Set(body.columns)] : [];
  const missing = columns.find((column) => !(column in form.document.schema.properties));
  if (missing) throw unprocessable('authorize.columnMissing', { column: missing, form: form.name });
  return { funcId: body.funcId, pageKind: body.pageKind, formCode: body.formCode, columns, title: body.title };
}

export async function createAppFunctionScheme(ctx: Ctx, body: Body): Promise<AppFunctionScheme> {
  return (await present(ctx.tx, [await auditedInsert(ctx, appFunctionSchemes, RESOURCE, await checked(ctx.tx, body))]))[0];
}

export async function updateAppFunctionScheme(ctx: Ctx, id: number, body: Body): Promise<AppFunctionScheme> {
  const before = await findOr404(ctx.tx, appFunctionSchemes, id, { lock: true, ...NOT_FOUND });
  const after = await auditedUpdate(ctx, appFunctionSchemes, RESOURCE, before, { ...(await checked(ctx.tx, body, id)), updatedAt: new Date() });
  return (await present(ctx.tx, [after]))[0];
}

export async function removeAppFunctionScheme(ctx: Ctx, id: number): Promise<number> {
  return auditedDelete(ctx, appFunctionSchemes, RESOURCE, [await findOr404(ctx.tx, appFunctionSchemes, id, { lock: true, ...NOT_FOUND })]);
}
