import { accessCodes, API_PREFIX, type Endpoint, fillPath } from '@macro/contract';
import { withTenant } from '@macro/store';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../modules/identity/users.ts';
import { as, type Client, dbLabel, describeDb, LEAK, signedInServer, signIn, TENANT, type TestServer } from '../test/helper.ts';
import type { SweepFixture } from './module.ts';

const isLogout = (endpoint: Endpoint) => endpoint.path.endsWith('/logout');

type SchemaNode = {
  shape?: Record<string, unknown>;
  def?: { type?: string; innerType?: unknown; in?: unknown; element?: unknown; discriminator?: string; options?: unknown[] };
};

/** The schema under wrappers (optional, default, nullable, pipes); a discriminated union's first kind. */
function unwrapped(schema: unknown): SchemaNode | undefined {
  let current = schema as SchemaNode | undefined;
  for (let depth = 0; current && depth < 6 && !current.shape && current.def?.type !== 'array'; depth++) {
    const inner = (current.def?.innerType ?? current.def?.in ?? (current.def?.discriminator ? current.def.options?.[0] : undefined)) as SchemaNode | undefined;
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** The field names of an object schema (zod 4); none for any other. */
function fieldsOf(schema: unknown): string[] {
  const shape = unwrapped(schema)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * A body of the schema's own shape, objects and lists kept, with a `leaf()` in every scalar field:
 * the hostile value reaches the fields nested in lists (a form's fields, a scheme's options).
 */
function deepBody(schema: unknown, leaf: () => unknown, depth = 0): unknown {
  const node = unwrapped(schema);
  if (depth > 6 || !node) return leaf();
  if (node.shape) return Object.fromEntries(Object.entries(node.shape).map(([name, field]) => [name, deepBody(field, leaf, depth + 1)]));
  if (node.def?.type === 'array') return [deepBody(node.def.element, leaf, depth + 1)];
  return leaf();
}

/**
 * Values a careless or hostile client sends in place of any field, one kind per pass. A kind
 * with several variants deals them out in turn, field after field, so it costs one pass too.
 * `refused`: a body holding it is refused whatever the route (it is never kept as sent).
 */
const HOSTILE: readonly { name: string; query: readonly string[]; body: readonly unknown[]; refused?: (body: unknown) => boolean }[] = [
  { name: 'NUL byte', query: ['a\u0000b'], body: ['a\u0000b'] },
  { name: 'id beyond a PostgreSQL integer', query: ['2147483648'], body: [2147483648] },
  { name: 'integer beyond bigint', query: ['99999999999999999999999'], body: [1e23] },
  { name: 'negative and fractional', query: ['-1.5'], body: [-1.5] },
  { name: 'wrong type', query: ['[object Object]'], body: [{ nested: ['x'] }] },
  { name: 'SQL', query: ["1' or '1'='1"], body: ["1'); drop table macro_user; --"] },
  { name: 'long text', query: ['x'.repeat(5_000)], body: ['x'.repeat(100_000)] },
  // Half a UTF-16 pair: high alone, low alone, a pair in the wrong order (JSON escapes carry them).
  {
    name: 'unpaired surrogate',
    query: ['a\ud800', '\udc00b', '\udc00\ud800'],
    body: ['a\ud800', '\udc00b', '\udc00\ud800', { '\ud800': 'x' }],
    // JSON.stringify writes a whole pair as the character and half of one as an escape.
    refused: (body) => /\\ud[89a-f][0-9a-f]{2}/.test(JSON.stringify(body) ?? ''),
  },
  // Names that are no user column (system columns), and text-direction marks that show a name as another.
  {
    name: 'system column name or text-direction mark',
    query: ['ctid', 'xmin', 'tableoid', 'a\u202egnp.exe'],
    body: ['ctid', 'xmin', 'tableoid', 'invoice\u202efdp.exe', { ctid: 'x', xmin: 1, tableoid: true }, '\u2066x\u2069\u200f'],
  },
];

/** Deals a kind's variants out in turn. */
function dealer<T>(variants: readonly T[]): () => T {
  let next = 0;
  return () => variants[next++ % variants.length];
}

/** The message of an error body, whichever envelope carries it (the kit's, or RFC 6749's). */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { sys_msg?: unknown; error_description?: unknown; msg?: unknown };
    return String(parsed.sys_msg ?? parsed.error_description ?? parsed.msg ?? '').trim();
  } catch {
    return '';
  }
}

/**
 * A value %-encoded as a client writes it into an address; half a surrogate pair goes as the
 * three bytes WTF-8 gives it, the nearest a URL comes to carrying one (encodeURIComponent throws).
 */
function encodeValue(value: string): string {
  return [...value]
    .map((c) => {
      const unit = c.charCodeAt(0);
      if (c.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(c);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

function call(client: Client, endpoint: Endpoint, query: Record<string, string>, body: unknown) {
  const path = `${API_PREFIX}${endpoint.path}`.replace(/:(\w+)/g, (_, name: string) => encodeValue(query[name] ?? ''));
  const url = `${path}?${Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeValue(value)}`)
    .join('&')}`;
  if (endpoint.bodyType === 'multipart') return upload(client, url, body);
  return endpoint.method === 'GET' ? client.get(url) : client.call({ method: endpoint.method, url, payload: body as object });
}

/** An upload endpoint gets its body as multipart text parts, its `fileName` as the file part's name. */
function upload(client: Client, url: string, body: unknown) {
  const { fileName, ...fields } = (body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const name = fileName === undefined ? 'sweep.txt' : text(fileName);
  return client.upload(url, { name, bytes: Buffer.from('sweep\n') }, Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, text(value)])));
}

/**
 * Every endpoint of every module, driven by the modules' own descriptors: a new route is
 * covered here without a test of its own.
 */
describeDb(`every route keeps tenants apart and checks its permission (${dbLabel})`, () => {
  let server: TestServer;
  let owner: Client;
  let ownerIn: Record<'en' | 'ja', Client>;
  let intruder: Client;
  let fixtures: SweepFixture[] = [];
  let guarded: Endpoint[] = [];

  beforeAll(async () => {
    const signedIn = await signedInServer();
    ({ server, admin: owner, other: intruder } = signedIn);
    ownerIn = { en: signedIn.adminEn, ja: signedIn.adminJa };
    fixtures = await Promise.all(server.modules.flatMap((m) => (m.sweep ? [m.sweep(owner)] : [])));
    guarded = server.app.endpoints.filter((e) => e.access !== 'public');
  });
  afterAll(() => server.close());

  it('covers every endpoint the modules declare', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(20);
    expect(fixtures.length).toBeGreaterThan(0);
  });

  it("returns none of the first tenant's data to another tenant and changes none of it", async () => {
    const before = await Promise.all(fixtures.map((f) => f.snapshot()));
    const query = Object.assign({ size: '500' }, ...fixtures.map((f) => f.query)) as Record<string, string>;
    const body = Object.assign({}, ...fixtures.map((f) => f.body));
    // All fixtures' values at once, then each fixture's own: modules share parameter names
    // (`id`, `ids`), and each module's by-id routes must meet its own rows at least once. A
    // fixture's own pass calls the routes that read one of its names: the others ignore them
    // (undeclared fields are dropped by the route's schema) and got the same call in the first pass.
    const swept = guarded.filter((e) => !isLogout(e));
    const reads = (endpoint: Endpoint, names: string[]) => {
      const declared = new Set([...fieldsOf(endpoint.params), ...fieldsOf(endpoint.query), ...fieldsOf(endpoint.body)]);
      return names.some((name) => declared.has(name));
    };
    const passes = [
      { query, body, endpoints: swept },
      ...fixtures.map((f) => ({
        query: { size: '500', ...f.query },
        body: f.body,
        endpoints: swept.filter((e) => reads(e, [...Object.keys(f.query), ...Object.keys(f.body)])),
      })),
    ];
    expect(passes.slice(1).every((pass) => pass.endpoints.length > 0)).toBe(true);
    for (const pass of passes) {
      for (const endpoint of pass.endpoints) {
        const response = await call(intruder, endpoint, pass.query, pass.body);
        const label = `${endpoint.method} ${endpoint.path}`;
        expect(response.statusCode, label).toBeLessThan(500);
        for (const { marker } of fixtures) expect(response.body, label).not.toContain(marker);
      }
    }
    expect(await Promise.all(fixtures.map((f) => f.snapshot()))).toEqual(before);
    // Every endpoint once per fixture: the work grows with endpoints times modules.
  }, 180_000);

  it('answers 401 without a token before looking at the request', async () => {
    // An endpoint whose token is optional judges a call without one by itself (its own tests say how).
    for (const endpoint of guarded.filter((e) => e.access !== 'optional')) {
      const response = await server.app.inject({
        method: endpoint.method,
        url: `${API_PREFIX}${fillPath(endpoint.path, {})}?id=%00&ids=x&current=-1`,
        headers: { 'content-type': 'application/json' },
        payload: endpoint.method === 'GET' ? undefined : '{"broken json',
      });
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
    }
  });

  it('refuses hostile input with a 4xx in words, never a 500, SQL or a stack, even to an administrator', async () => {
    const before = await Promise.all(fixtures.map((f) => f.snapshot()));
    const failures: string[] = [];
    for (const hostile of HOSTILE) {
      const [queryValue, bodyValue] = [dealer(hostile.query), dealer(hostile.body)];
      for (const endpoint of guarded.filter((e) => !isLogout(e))) {
        const query = Object.fromEntries([...fieldsOf(endpoint.params), ...fieldsOf(endpoint.query)].map((name) => [name, queryValue()]));
        // Each field replaced whole, then the body kept in shape with the value in every nested field.
        const bodies = endpoint.body
          ? [Object.fromEntries(fieldsOf(endpoint.body).map((name) => [name, bodyValue()])), deepBody(endpoint.body, bodyValue)]
          : [undefined];
        for (const body of bodies) {
          const response = await call(owner, endpoint, query, body);
          const label = `${hostile.name}: ${endpoint.method} ${endpoint.path} -> ${response.statusCode}`;
          const refused = response.statusCode >= 400;
          const said = refused ? messageOf(response.body) : 'ok';
          const taken = !refused && hostile.refused?.(body);
          if (response.statusCode >= 500 || taken || (refused && (LEAK.test(response.body) || !said))) failures.push(`${label} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Nothing hostile was taken for a change to the fixtures' rows.
    expect(await Promise.all(fixtures.map((f) => f.snapshot()))).toEqual(before);
  }, 300_000);

  it('says why it refused in the language the request asked for', async () => {
    // Han characters in an English message, or a Chinese-only message in Japanese, mean a missing translation.
    const foreign = { en: /[\u3040-\u30ff\u4e00-\u9fff]/, ja: /^[^\u3040-\u30ff]*[\u4e00-\u9fff][^\u3040-\u30ff]*$/ } as const;
    const wrongType = HOSTILE.find((h) => h.name === 'wrong type');
    const untranslated: string[] = [];
    let refusals = 0;
    for (const language of ['en', 'ja'] as const) {
      for (const endpoint of guarded.filter((e) => !isLogout(e) && e.body)) {
        const body = Object.fromEntries(fieldsOf(endpoint.body).map((name) => [name, wrongType?.body[0]]));
        const response = await call(ownerIn[language], endpoint, {}, body);
        if (response.statusCode < 400) continue;
        const said = messageOf(response.body);
        refusals++;
        if (foreign[language].test(said)) untranslated.push(`${language} ${endpoint.method} ${endpoint.path}: ${said}`);
      }
    }
    expect(untranslated).toEqual([]);
    // Most bodies with every field of the wrong type are refused: the check read real refusals.
    expect(refusals).toBeGreaterThan(guarded.filter((e) => e.body).length);
  }, 120_000);

  it('answers 403 naming the code to a user without it, and lets a holder through', async () => {
    await withTenant(server.database.db, TENANT, (tx) => createUser(tx, { account: 'nobody', name: 'Nobody', password: 'Nobody@123456' }));
    const nobody = as(server, (await signIn(server, TENANT, 'nobody', 'Nobody@123456')).access_token);
    for (const endpoint of guarded.filter((e) => !isLogout(e))) {
      const label = `${endpoint.method} ${endpoint.path}`;
      const codes = accessCodes(endpoint.access);
      const denied = await call(nobody, endpoint, {}, {});
      if (codes.length) {
        expect(denied.statusCode, label).toBe(403);
        expect(denied.json().sys_msg, label).toContain(codes[0]);
      } else {
        expect([401, 403], label).not.toContain(denied.statusCode);
      }
      const allowed = await call(owner, endpoint, {}, {});
      expect([401, 403], label).not.toContain(allowed.statusCode);
    }
  });
});
