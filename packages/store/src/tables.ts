import { APP_ROLE, AUTH_ROLE } from './index.ts';
import { type BuildExtraConfigColumns, getTableName, type SQL, sql, type Table } from 'drizzle-orm';
import { integer, type PgColumnBuilderBase, type PgTableExtraConfigValue, pgPolicy, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What the request role may do with a table; requests get nothing else. */
export type Privilege = 'select' | 'insert' | 'update' | 'delete';

const ALL: readonly Privilege[] = ['select', 'insert', 'update', 'delete'];
const declaredAccess = new Map<string, readonly Privilege[]>();
const signInAccess = new Map<string, readonly Privilege[]>();
const tenantTables = new Set<string>();

const currentTenant: SQL = sql`tenant_id = current_setting('app.tenant_id', true)`;

/** Column every tenant-scoped table carries; a row takes the transaction's tenant by default. */
export const tenantColumn = () => text('tenant_id').notNull().default(sql`current_setting('app.tenant_id', true)`);

/** Created and updated timestamps. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who created the row (a user id of the tenant): the signed-in user of the request that inserted
 * it, taken from the transaction's `app.user_id` setting (routes.ts), null for rows made outside
 * a request (seeds, provisioning). Data scopes' "own rows" test it.
 */
export const ownerColumn = () => ({
  createUser: integer('create_user').default(sql`nullif(current_setting('app.user_id', true), '')::integer`),
});

/**
 * For domains that keep removed rows (restorable, still referenced by history): removal sets
 * the time, lists filter on `notDeleted` (see crud.ts).
 */
export const softDeleteColumn = () => ({ deletedAt: timestamp('deleted_at', { withTimezone: true }) });

/** An integer identity primary key. */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

type WithTenant<C> = C & { tenantId: ReturnType<typeof tenantColumn> };
type Extra<N extends string, C extends Record<string, PgColumnBuilderBase>> = (self: BuildExtraConfigColumns<N, C, 'pg'>) => PgTableExtraConfigValue[];

/**
 * A tenant-scoped table: `tenant_id`, its row-level security policy (rows of the current
 * tenant only, for reading and writing) and RLS enabled — a tenant table cannot be declared
 * without them. `privileges` is what requests may do with it.
 */
export function tenantTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  extra?: Extra<N, WithTenant<C>>,
  privileges: readonly Privilege[] = ALL,
) {
  declaredAccess.set(name, privileges);
  tenantTables.add(name);
  const all = { ...columns, tenantId: tenantColumn() } as WithTenant<C>;
  return pgTable(name, all, (t) => [
    ...(extra?.(t) ?? []),
    pgPolicy(`${name}_tenant_isolation`, { as: 'permissive', for: 'all', using: currentTenant, withCheck: currentTenant }),
  ]).enableRLS();
}

/**
 * A platform-wide table (no tenant). Requests get `privileges` (none by default): tables such
 * as the signing keys are read by the server itself, never through a request.
 */
export function globalTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  extra?: Extra<N, C>,
  privileges: readonly Privilege[] = [],
) {
  declaredAccess.set(name, privileges);
  return pgTable(name, columns, (t) => extra?.(t) ?? []);
}

export function accessOf(table: Table): readonly Privilege[] {
  return declaredAccess.get(getTableName(table)) ?? [];
}

/** Gives sign-in (AUTH_ROLE) privileges on a table beyond what requests have (the sessions'). */
export function grantToSignIn<T extends Table>(table: T, privileges: readonly Privilege[]): T {
  signInAccess.set(getTableName(table), privileges);
  return table;
}

/**
 * Creates the request and sign-in roles (cluster-wide, so idempotent, and safe when two
 * processes race) and lets the connecting owner become them. Neither is a superuser, bypasses
 * row-level security or owns anything; the request role may log in (on PostgreSQL requests
 * connect as it), when the owner may say so.
 */
export function roleStatements(): string[] {
  const ensure = (role: string) => `do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${role}') then
        begin
          create role ${role} nologin nosuperuser nobypassrls;
        exception when duplicate_object or unique_violation then null;
        end;
      end if;
      if not pg_has_role(current_user, '${role}', 'member') then
        execute format('grant ${role} to %I', current_user);
      end if;
    end $$`;
  return [ensure(APP_ROLE), ensure(AUTH_ROLE), `grant ${APP_ROLE} to ${AUTH_ROLE}`];
}

/**
 * Gives the request role exactly the declared privileges on these tables and nothing on any
 * other, sign-in its own, and forces row-level security on every tenant table, so that even
 * its owner (unless a superuser or BYPASSRLS) sees one tenant at a time.
 */
export function grantStatements(tables: readonly Table[]): string[] {
  const statements = [
    `grant usage on schema public to ${APP_ROLE}`,
    `revoke all on all tables in schema public from ${APP_ROLE}`,
    `revoke all on all tables in schema public from ${AUTH_ROLE}`,
    `grant usage, select on all sequences in schema public to ${APP_ROLE}`,
  ];
  for (const table of tables) {
    const name = getTableName(table);
    const privileges = accessOf(table);
    if (privileges.length) statements.push(`grant ${privileges.join(', ')} on "${name}" to ${APP_ROLE}`);
    const signIn = signInAccess.get(name) ?? [];
    if (signIn.length) statements.push(`grant ${signIn.join(', ')} on "${name}" to ${AUTH_ROLE}`);
    if (tenantTables.has(name)) statements.push(`alter table "${name}" force row level security`);
  }
  return statements;
}
