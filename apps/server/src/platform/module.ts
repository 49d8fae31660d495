import type { Endpoint, EndpointResult, Language, MessageParams } from '@macro/contract';
import type { AuditPort, Ctx, Db, Tx } from '@macro/store';
import type { SQL, Table } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { DataResource, DataScopePort, RequestDataScope } from './dataScope.ts';
import type { Reference } from './references.ts';
import type { AccessClaims } from './tokens.ts';

/** What a module's routes and services are given by the composition root. */
export interface ModuleDeps {
  /** The owner's connections (platform/db.ts): never for work that runs SQL a user wrote. */
  db: Db;
  /** The request role's connections: for background work that runs the workflow engine or user SQL. */
  requestDb: Db;
  config: Config;
  audit: AuditPort;
  /** Every module, for the few that gather from all (menus, the sweep). */
  modules: readonly ServerModule[];
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The validated input of an endpoint. */
export interface EndpointArgs<E extends Endpoint> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
}

/** Where a handler runs: the request's tenant transaction, who acts, and the raw request. */
export interface RouteCtx extends Ctx {
  /** Claims of the signed-in user (null on public routes). */
  auth: AccessClaims | null;
  /**
   * The predicate (on alias `t`) that narrows `resource` to what the actor's data scopes let
   * them see; `true` when none of their roles holds a scope on it. AND it into list and detail
   * queries: a row outside it is neither listed nor found (404).
   */
  dataScope: RequestDataScope;
  /** The file of a multipart endpoint (`upload` in its contract), already received; absent elsewhere. */
  upload?: ReceivedUpload;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteBinding {
  endpoint: Endpoint;
  /** Public routes get no transaction; their `tx` is unusable. */
  handle: (args: EndpointArgs<Endpoint>, ctx: RouteCtx) => Promise<unknown>;
  /** The handler parses the body itself (the token endpoint answers with RFC 6749 errors). */
  ownValidation?: boolean;
  /**
   * The data resources the handler narrows with `dataScope`: the request's first statement then
   * also resolves the actor's scopes on them, so the handler's `dataScope` asks nothing more.
   */
  dataResources?: readonly DataResource[];
}

/** The file of a multipart endpoint's request (the kit has received it before the handler runs). */
export function uploadOf(ctx: RouteCtx): ReceivedUpload {
  if (!ctx.upload) throw new Error('uploadOf: the endpoint declares no upload');
  return ctx.upload;
}

/** Binds a handler to an endpoint of the contract; the kit does the rest. */
export function route<E extends Endpoint>(
  endpoint: E,
  handle: (args: EndpointArgs<E>, ctx: RouteCtx) => Promise<EndpointResult<E>>,
  options: { ownValidation?: boolean; dataResources?: readonly DataResource[] } = {},
): RouteBinding {
  return { endpoint, handle: handle as RouteBinding['handle'], ...options };
}

/** A menu or button a module adds to the platform's menus; its code is a permission code. */
export interface MenuSeed {
  code: string;
  name: string;
  path?: string;
  source?: string;
  sort?: number;
  category?: 1 | 2;
  i18n?: string;
  children?: MenuSeed[];
}

export interface MenuContribution extends MenuSeed {
  /** Code of the folder it goes under; absent for a top-level entry. */
  parent?: string;
}

/** What a new tenant is made with. */
export interface TenantProvision {
  tenantId: string;
  tenantName: string;
  adminAccount: string;
  /** Used only when the administrator does not exist yet. */
  adminPassword: string;
  /** The administrator must change that password at first sign-in (a generated one). */
  mustChangePassword?: boolean;
}

export type { UniqueMessage } from './errors.ts';
import type { AppError, UniqueMessage } from './errors.ts';
import type { ReceivedUpload } from './uploads.ts';

/** The subset of an HTTP client the tenant sweep uses. */
export interface SweepClient {
  get(url: string): Promise<{ statusCode: number; body: string; json(): unknown }>;
  post(url: string, payload?: unknown): Promise<{ statusCode: number; body: string; json(): unknown }>;
  /** Any other method (PUT, PATCH, DELETE). */
  call(options: { method: 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object }): Promise<{ statusCode: number; body: string; json(): unknown }>;
}

/**
 * Data a module creates as one tenant for the sweep: every route is then called by another
 * tenant with these values in every parameter, and must return none of it nor change it.
 */
export interface SweepFixture {
  /** Text that appears in the owner's rows and must never reach the intruder. */
  marker: string;
  /**
   * Query parameters (ids, codes, search terms) pointing at the owner's rows. Path parameters
   * are filled from here by name: `/posts/:postId` is called with `postId`.
   */
  query: Record<string, string>;
  /**
   * Body fields pointing at the owner's rows (ids, parent ids). Never the marker itself: a
   * create call without an id rightly makes the intruder's own row and echoes what it was given.
   */
  body: Record<string, unknown>;
  /** The owner's view of its rows, compared before and after the sweep. */
  snapshot(): Promise<string>;
}

/** The session check the guard runs before a request's work, provided by the module that owns sessions. */
export interface Authenticator {
  /** Verifies an access token's signature and lifetime (no database): its claims, or null. */
  verify(token: string): Promise<AccessClaims | null>;
  /**
   * The request's first statement, in two parts. `begin` is a function call, used as a table of
   * one boolean: true when the session is alive and its user enabled, and then it has scoped the
   * transaction to the session's tenant and user. `granted` is a boolean expression, evaluated
   * after that, under the tenant's policies: whether the user holds `code` ('' for any
   * signed-in user).
   */
  sessionCheck(claims: AccessClaims, code: string): { begin: SQL; granted: SQL };
}

/** One domain on the server: everything the platform needs to know about it. */
export interface ServerModule {
  name: string;
  /** Modules this one builds on: they start, seed and provision first. */
  after?: readonly string[];
  /**
   * The modules whose `public.ts` this one imports: the module graph, read at a glance. It has
   * no cycle, and boundaries.test.ts holds it equal to the imports.
   */
  uses?: readonly string[];
  tables?: readonly Table[];
  routes?: (deps: ModuleDeps) => Promise<RouteBinding[]> | RouteBinding[];
  menus?: readonly MenuContribution[];
  uniqueMessages?: readonly UniqueMessage[];
  /** Starter data of every tenant (idempotent). Runs in the tenant's transaction. */
  provision?: (ctx: Ctx, tenant: TenantProvision, deps: ModuleDeps) => Promise<void>;
  /** Platform-wide data, seeded once per start (idempotent), as the owner. */
  seed?: (deps: ModuleDeps) => Promise<void>;
  /** The module that owns sessions gives the guard its check. */
  authenticator?: (deps: ModuleDeps) => Promise<Authenticator>;
  /** The module that owns the audit log gives everyone its port. */
  audit?: AuditPort;
  sweep?: (owner: SweepClient) => Promise<SweepFixture>;
  /** Resources of this module that data scopes can narrow (its list and detail queries apply them). */
  dataResources?: readonly DataResource[];
  /**
   * Rows of other modules this module's rows name where no foreign key can (inside a document or
   * an XML): their owner refuses deleting a row while any module still names it (references.ts).
   */
  references?: readonly Reference[];
  /**
   * Work the server process does on its own (timers): started when the app is built, stopped by
   * the returned function when it closes. Runs in every replica; the work must be safe for that.
   */
  background?: (deps: ModuleDeps) => (() => void) | undefined;
  /** The module that owns data scopes gives every route context its predicate. */
  dataScope?: (deps: ModuleDeps) => DataScopePort;
  /**
   * Told, inside the changing transaction, when the platform's menus change shape: a menu moved
   * or turned into a button (`moved`), or menus removed. A module that keeps menu ids of its own
   * (tenant packages) follows here, so the menus module needs to know none of them.
   */
  menusChanged?: (ctx: Ctx, change: MenuChange, deps: ModuleDeps) => Promise<void>;
  /**
   * A module whose services throw errors of their own kind (the workflow engine's refusals)
   * turns them into the platform's AppError here, once for all its routes; anything else it
   * returns undefined for. Asked before the error becomes a failure envelope.
   */
  translateError?: (error: unknown, language: Language) => AppError | undefined;
  /** The module that keeps the API access log is told of every signed-in request once answered. */
  requestLog?: (deps: ModuleDeps) => RequestLogPort;
}

export type MenuChange = { kind: 'moved' } | { kind: 'removed'; ids: readonly number[] };

/** One answered signed-in request, for the API access log. */
export interface RequestLogEntry {
  tenantId: string;
  userId: number;
  account: string;
  method: string;
  /** The route's pattern, never the query string. */
  path: string;
  operationId: string;
  status: number;
  durationMs: number;
  ip: string;
}

/** Takes request lines off the request path (buffered); `stop` writes what is left. */
export interface RequestLogPort {
  record(entry: RequestLogEntry): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function defineModule(module: ServerModule): ServerModule {
  return module;
}

export type { Ctx, Db, MessageParams, Tx };
