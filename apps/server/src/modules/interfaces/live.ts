import { performance } from 'node:perf_hooks';
import { type InterfaceMethod, TENANT_HEADER } from '@macro/contract/interfaces';
import { parameterValues } from '@macro/contract/datasources';
import { type Actor, type Ctx, type Db, rowsOf, type Tx, withTenant } from '@macro/store';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { ok, toFailure } from '../../platform/http.ts';
import type { RouteCtx } from '../../platform/module.ts';
import { type OutboundPolicy, outboundFetch } from '../../platform/outbound.ts';
import { userHoldsCode } from '../auth/public.ts';
import type { DataSourceReader } from '../datasources/public.ts';
import { interfaceCalls, interfaceRates, interfaces } from './tables.ts';

type Row = typeof interfaces.$inferSelect;

export interface LiveDeps {
  /** The request role's connections: anonymous calls, the rate count and the call log run on them. */
  requestDb: Db;
  sources: DataSourceReader;
  policy: OutboundPolicy;
  timeoutMs: number;
}

/** The most an HTTP interface's answer may weigh. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const PAGE_KEYS = new Set(['current', 'size']);

function tenantOf(ctx: RouteCtx): string {
  if (ctx.auth) return ctx.auth.tenantId;
  const header = ctx.request.headers[TENANT_HEADER];
  const tenant = Array.isArray(header) ? header[0] : header;
  if (!tenant || !/^[\w-]{1,64}$/.test(tenant)) throw badRequest('interfaces.tenantRequired');
  return tenant;
}

/** Counts the call against the interface's limit for this caller in the current minute; 429 with Retry-After past it. */
async function countCall(tx: Tx, row: Row, caller: string): Promise<void> {
  if (!row.rateLimit) return;
  const [state] = rowsOf<{ count: number; retry: number }>(
    await tx.execute(sql`
      insert into ${interfaceRates} (interface_id, caller, window_start, count)
      values (${row.id}, ${caller}, date_trunc('minute', now()), 1)
      on conflict (tenant_id, interface_id, caller) do update set
        count = case when ${interfaceRates}.window_start = excluded.window_start then ${interfaceRates}.count + 1 else 1 end,
        window_start = excluded.window_start
      returning count, ceil(extract(epoch from (window_start + interval '1 minute' - now())))::integer as retry`),
  );
  if (state.count > row.rateLimit) throw new RateLimited(Math.max(1, Number(state.retry)), row.rateLimit);
}

class RateLimited extends AppError {
  constructor(
    readonly seconds: number,
    limit: number,
  ) {
    super(429, 'interfaces.rateLimited', { limit, seconds });
  }
}

/**
 * The call's parameters: the query string of a GET, the JSON object of a POST body; `current`
 * and `size` page a data source, the others are checked against its declared types.
 */
function inputOf(method: InterfaceMethod, request: RouteCtx['request']) {
  const sent = method === 'GET' ? request.query : request.body;
  if (sent !== undefined && sent !== null && (typeof sent !== 'object' || Array.isArray(sent))) throw badRequest('datasources.valuesInvalid');
  const given = (sent ?? {}) as Record<string, unknown>;
  const page = (name: string, fallback: number, max: number) => {
    const value = Number(given[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1 || value > max) throw badRequest('common.badRequest');
    return value;
  };
  const rest = Object.fromEntries(Object.entries(given).filter(([name]) => !PAGE_KEYS.has(name)));
  const params = parameterValues.safeParse(rest);
  if (!params.success) throw badRequest('datasources.valuesInvalid');
  return { params: params.data, current: page('current', 1, 1_000_000), size: page('size', 20, 500), raw: given };
}

async function answer(deps: LiveDeps, ctx: Ctx, row: Row, method: InterfaceMethod, input: ReturnType<typeof inputOf>): Promise<unknown> {
  if (row.kind === 'dataSource') return deps.sources.data(ctx, row.dataSourceId ?? 0, { params: input.params, current: input.current, size: input.size });
  // The address was checked against the allow-list when saved; outboundFetch checks it again, on the address it connects to.
  const url = new URL(row.url);
  if (method === 'GET') for (const [name, value] of Object.entries(input.raw)) url.searchParams.set(name, String(value));
  const response = await outboundFetch(url.toString(), deps.policy, {
    method,
    headers: { accept: 'application/json', ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(input.raw) : undefined,
    timeoutMs: deps.timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
  });
  if (response.status < 200 || response.status > 299) throw new AppError(502, 'interfaces.upstreamFailed', { status: response.status });
  const text = response.body.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Serves a call of a custom interface: the tenant's enabled interface of this method and path
 * (404 otherwise, disabled or unknown alike), its caller signed in and holding its code unless it
 * is anonymous, within its rate limit; then its data source or its address answers. A call that
 * found its interface is counted and logged whatever its outcome: a refusal is answered, not
 * thrown, so the transaction that holds the count and the log commits (the answer itself runs
 * in a savepoint of its own).
 */
export async function serveCall(deps: LiveDeps, method: InterfaceMethod, args: { params: { '*': string } }, ctx: RouteCtx) {
  const started = performance.now();
  const tenantId = tenantOf(ctx);
  const path = args.params['*'].replace(/\/+$/, '');
  const userId = ctx.auth?.userId ?? null;
  const actor: Actor = { tenantId, userId, account: ctx.auth?.account ?? '', ip: ctx.request.ip, language: ctx.request.language };
  const within = <T>(work: (tx: Tx) => Promise<T>) => (ctx.auth ? work(ctx.tx) : withTenant(deps.requestDb, tenantId, work));
  return within(async (tx) => {
    const [row] = await tx
      .select()
      .from(interfaces)
      .where(and(eq(interfaces.method, method), eq(interfaces.path, path), eq(interfaces.enabled, true)))
      .limit(1);
    if (!row) throw notFound('interfaces.notFound');
    let status = 200;
    let result: unknown;
    try {
      if (!row.anonymous) {
        if (!ctx.auth) throw new AppError(401, 'interfaces.signInRequired');
        if (row.permission) {
          const [held] = rowsOf<{ held: boolean }>(await tx.execute(sql`select ${userHoldsCode(sql`${ctx.auth.userId}::integer`, row.permission)} as held`));
          if (!held?.held) throw new AppError(403, 'interfaces.notAllowed', { code: row.permission });
        }
      }
      await countCall(tx, row, userId === null ? `ip:${ctx.request.ip}` : `user:${userId}`);
      const data = await tx.transaction((savepoint) => answer(deps, { tx: savepoint, actor, audit: ctx.audit }, row, method, inputOf(method, ctx.request)));
      result = row.response === 'raw' ? data : ok(ctx.request, data);
    } catch (error) {
      const refused = toFailure(error, ctx.request.language);
      if (refused.log) ctx.request.log.error({ err: error }, 'interface call failed');
      if (error instanceof RateLimited) ctx.reply.header('retry-after', String(error.seconds));
      status = refused.status;
      ctx.reply.status(status);
      result = refused.body;
    }
    await tx.insert(interfaceCalls).values({ interfaceId: row.id, userId, ip: ctx.request.ip, status, durationMs: Math.round(performance.now() - started) });
    return result;
  });
}
