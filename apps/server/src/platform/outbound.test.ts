import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedHost, type HostLookup, OutboundError, type OutboundFailure, outboundFetch, outboundPolicy } from './outbound.ts';

/** Every way of writing this machine's loopback in a URL's host. */
const LOOPBACK_SPELLINGS = [
  '127.0.0.1',
  'localhost',
  'localhost.',
  'LOCALHOST',
  'x.localhost',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[::127.0.0.1]',
  '2130706433',
  '0177.0.0.1',
  '0x7f000001',
  '127.1',
  '0.0.0.0',
  '0',
];

const call = (url: string, entries: string[], lookup?: HostLookup, timeoutMs = 2_000) =>
  outboundFetch(url, outboundPolicy(entries), {
    method: 'POST',
    body: '{"a":1}',
    headers: { 'content-type': 'application/json' },
    timeoutMs,
    maxBytes: 1024,
    lookup,
  });

/** The reason a call failed with (it must fail). */
async function failureOf(promise: Promise<unknown>): Promise<OutboundFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return (error as OutboundError).reason;
}

describe('outbound HTTP of administrator-written addresses', () => {
  let listener: Server;
  let port: number;
  let connections = 0;
  const received: { url: string; host: string; body: string }[] = [];

  beforeAll(async () => {
    listener = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ url: request.url ?? '', host: request.headers.host ?? '', body });
        if (request.url === '/moved') return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        if (request.url === '/big') return response.writeHead(200).end('x'.repeat(4096));
        if (request.url === '/slow') return void setTimeout(() => response.writeHead(200).end('{}'), 1_000);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    listener.on('connection', () => connections++);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it('refuses every spelling of loopback without an allow-list, quickly and without connecting', async () => {
    for (const host of LOOPBACK_SPELLINGS) {
      const started = Date.now();
      expect(await failureOf(call(`http://${host}:${port}/ok`, [])), host).toBe('refused');
      expect(Date.now() - started, host).toBeLessThan(500);
    }
    // A port nothing listens on is refused alike: the answer tells nothing of what is there.
    expect(await failureOf(call('http://127.0.0.1:1/ok', []))).toBe('refused');
    expect(await failureOf(call('http://169.254.169.254/latest/meta-data/', []))).toBe('refused');
    expect(await failureOf(call('http://[fe80::1]/', []))).toBe('refused');
    expect(connections).toBe(0);
    expect(received).toEqual([]);
  });

  it('reaches an internal address only when an address or range entry covers it', async () => {
    for (const entries of [['127.0.0.1'], ['127.0.0.0/8'], ['erp.example.com', '127.0.0.0/8']]) {
      const response = await call(`http://127.0.0.1:${port}/ok`, entries);
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body.toString())).toEqual({ ok: true });
    }
    expect(received.at(-1)).toEqual({ url: '/ok', host: `127.0.0.1:${port}`, body: '{"a":1}' });
    // Other spellings of the same listed address reach it too.
    for (const host of ['2130706433', '0x7f000001', '127.1', 'localhost'])
      expect((await call(`http://${host}:${port}/ok`, ['127.0.0.1'])).status, host).toBe(200);
    // A listed name whose address is internal is still refused; an unlisted one as well.
    expect(await failureOf(call(`http://localhost:${port}/ok`, ['localhost']))).toBe('refused');
    expect(await failureOf(call(`http://127.0.0.2:${port}/ok`, ['127.0.0.1']))).toBe('refused');
    expect(await failureOf(call(`http://[::1]:${port}/ok`, ['127.0.0.0/8']))).toBe('refused');
    expect(await failureOf(call('http://1.1.1.1/', ['127.0.0.1', 'erp.example.com']))).toBe('refused');
  });

  it('checks the address a name resolves to, and connects to exactly that address', async () => {
    const asked: string[] = [];
    // A rebinding name: internal on the first answer, something else after.
    const rebinding: HostLookup = async (host) => {
      asked.push(host);
      return asked.length === 1 ? ['127.0.0.1'] : ['8.8.8.8'];
    };
    expect(await failureOf(call(`http://erp.internal.example:${port}/ok`, [], rebinding))).toBe('refused');
    expect(await failureOf(call(`http://erp.internal.example:${port}/ok`, ['erp.internal.example'], async () => ['127.0.0.1']))).toBe('refused');
    // One address of several that is internal refuses the host.
    expect(await failureOf(call(`http://erp.example.com:${port}/ok`, [], async () => ['8.8.8.8', '10.0.0.5']))).toBe('refused');
    expect(await failureOf(call(`http://erp.example.com:${port}/ok`, [], async () => ['::ffff:127.0.0.1']))).toBe('refused');
    // Listed by address, the name is resolved once and the call goes to that address under its own name.
    asked.length = 0;
    const before = received.length;
    expect((await call(`http://erp.internal.example:${port}/ok`, ['127.0.0.1'], rebinding)).status).toBe(200);
    expect(asked).toEqual(['erp.internal.example']);
    expect(received.slice(before)).toEqual([{ url: '/ok', host: `erp.internal.example:${port}`, body: '{"a":1}' }]);
    // A name no resolver knows is refused alike: the answer does not tell which internal names exist.
    expect(await failureOf(call(`http://erp.example.com:${port}/ok`, [], async () => Promise.reject(new Error('ENOTFOUND'))))).toBe('refused');
    expect(await failureOf(call(`http://erp.example.com:${port}/ok`, [], async () => []))).toBe('refused');
    // A listed name is never resolved when nothing else could allow it.
    let resolved = false;
    const spy: HostLookup = async () => {
      resolved = true;
      return ['8.8.8.8'];
    };
    expect(await failureOf(call('http://other.example.com/', ['erp.example.com'], spy))).toBe('refused');
    expect(resolved).toBe(false);
  });

  it('sends the TLS server name of the URL while connecting to the checked address', async () => {
    let hello = '';
    const tls: TcpServer = createTcpServer((socket) =>
      socket.once('data', (chunk: Buffer) => {
        hello = chunk.toString('latin1');
        socket.destroy();
      }),
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tls.address() as AddressInfo).port;
    try {
      expect(await failureOf(call(`https://erp.internal.example.:${tlsPort}/ok`, ['127.0.0.1'], async () => ['127.0.0.1']))).toBe('unreachable');
      expect(hello).toContain('erp.internal.example');
    } finally {
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    }
  });

  it('follows no redirect, keeps to the time and size given, and calls only http(s)', async () => {
    const moved = await call(`http://127.0.0.1:${port}/moved`, ['127.0.0.1']);
    expect(moved.status).toBe(302);
    expect(received.at(-1)?.url).toBe('/moved');
    expect(await failureOf(call(`http://127.0.0.1:${port}/big`, ['127.0.0.1']))).toBe('tooLarge');
    expect(await failureOf(call(`http://127.0.0.1:${port}/slow`, ['127.0.0.1'], undefined, 200))).toBe('timeout');
    expect(await failureOf(call('http://127.0.0.1:1/', ['127.0.0.1']))).toBe('unreachable');
    expect(await failureOf(call('http://erp.example.com/', [], () => new Promise(() => {}), 200))).toBe('timeout');
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'gopher://127.0.0.1:70/', `http://user:secret@127.0.0.1:${port}/ok`, 'not a url', '']) {
      expect(await failureOf(call(url, ['127.0.0.1'])), url).toBe('address');
    }
  });
});

describe('hosts a database link may connect to', () => {
  const company = outboundPolicy([], { company: true });
  /** A resolver that answers every name with the addresses given. */
  const answering =
    (...addresses: string[]): HostLookup =>
    async () =>
      addresses;
  const refused = (host: string, policy = company, lookup?: HostLookup) =>
    checkedHost(host, policy, lookup).then(
      () => 'allowed',
      (e: unknown) => (e as OutboundError).reason,
    );

  it("reaches public hosts and the company's own networks by default, never loopback, link-local or metadata", async () => {
    for (const host of ['10.1.2.3', '172.20.0.9', '192.168.1.20', '100.64.0.7', 'fd12::5', '8.8.8.8']) expect(await refused(host), host).toBe('allowed');
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '169.254.169.254', '0.0.0.0', 'fe80::1', '::ffff:10.0.0.1', '224.0.0.1']) {
      expect(await refused(host), host).toBe('refused');
    }
    // Checked on what the name resolves to: one internal address among them is enough to refuse.
    expect(await refused('db.corp.example', company, answering('10.0.0.8'))).toBe('allowed');
    expect(await refused('db.corp.example', company, answering('10.0.0.8', '127.0.0.1'))).toBe('refused');
    expect(await checkedHost('db.corp.example', company, answering('10.0.0.8'))).toBe('10.0.0.8');
    // HTTP's default stays public only.
    expect(await refused('10.1.2.3', outboundPolicy([]))).toBe('refused');
  });

  it('with an allow-list, reaches only what it names', async () => {
    const listed = outboundPolicy(['db.corp.example', '10.9.0.0/16', '127.0.0.1'], { company: true });
    expect(await refused('127.0.0.1', listed)).toBe('allowed');
    expect(await refused('10.9.3.4', listed)).toBe('allowed');
    expect(await refused('10.8.3.4', listed)).toBe('refused');
    expect(await refused('db.corp.example', listed, answering('10.1.1.1'))).toBe('allowed');
    expect(await refused('other.corp.example', listed, answering('10.1.1.1'))).toBe('refused');
  });
});
