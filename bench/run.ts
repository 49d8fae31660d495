/**
 * npm run bench: the dictionary list endpoint against a bare baseline on the same database,
 * and the gzip size of the JavaScript the login page loads.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

interface Ports {
  product: number;
  baseline: number;
  password: string;
}

function startServers(): Promise<{ child: ChildProcess; ports: Ports }> {
  const child = fork(join(root, 'bench/server.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (ports) => resolve({ child, ports: ports as Ports }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function signIn(port: number, password: string): Promise<string> {
  const base = `http://127.0.0.1:${port}/api`;
  const { data } = (await (await fetch(`${base}/macro-auth/oauth/public-key`)).json()) as { data: { publicKey: string } };
  const encrypted = publicEncrypt(
    { key: data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const response = await fetch(`${base}/macro-auth/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('macro:macro_secret').toString('base64')}`,
      'tenant-id': '000000',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: encrypted }).toString(),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function load(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** JavaScript /login loads: the entry chunk, the login page chunk and their static imports. */
function loginBundleGzip(): { bytes: number; files: string[] } {
  const dist = join(root, 'apps/web/dist');
  type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const roots = Object.entries(manifest).filter(([key, chunk]) => chunk.isEntry || /login/i.test(key));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const [key] of roots) visit(key);
  const files = [...seen].map((key) => manifest[key].file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
  return { bytes, files };
}

const { child, ports } = await startServers();
try {
  const token = await signIn(ports.product, ports.password);
  const query = 'current=1&size=20';
  console.log(`dictionary list, 10k rows, page of 20, ${CONNECTIONS} connections, ${DURATION}s each`);
  const baseline = await load(`http://127.0.0.1:${ports.baseline}/list?${query}`);
  const product = await load(`http://127.0.0.1:${ports.product}/api/macro-system/dict/list?${query}`, {
    'macro-auth': `bearer ${token}`,
  });
  const row = (name: string, r: { rps: number; p99: number }) =>
    console.log(`  ${name.padEnd(9)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${r.p99.toFixed(1)} ms`);
  row('baseline', baseline);
  row('product', product);
  console.log(`  ratio     ${(product.rps / baseline.rps).toFixed(2)} of baseline throughput (target >= 0.70)`);
} finally {
  child.kill();
}

const bundle = loginBundleGzip();
console.log(`\nlogin page JavaScript: ${(bundle.bytes / 1024).toFixed(1)} KB gzip (target < 250 KB) in ${bundle.files.length} files`);
