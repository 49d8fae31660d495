import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const biome = join(root, 'node_modules/.bin/biome');

/**
 * Lints `code` as a file in the folder of `path` (biome's stdin mode prints no diagnostics, so a
 * probe file is written there for the moment of the check and removed): the verdict and the output.
 */
function lint(path: string, code: string): { ok: boolean; output: string } {
  const folder = join(root, dirname(path));
  // The first missing folder on the way (e.g. a package not written yet), removed afterwards.
  let created: string | undefined;
  for (let f = folder; !existsSync(f); f = dirname(f)) created = f;
  const file = join(folder, `probe-${randomBytes(4).toString('hex')}.ts`);
  mkdirSync(folder, { recursive: true });
  try {
    writeFileSync(file, code);
    const result = spawnSync(biome, ['lint', file], { cwd: root, encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(created ?? file, { recursive: true, force: true });
  }
}

/** The architecture's "never" arrows, enforced by the linter (biome.json overrides). */
describe('import boundaries', () => {
  const refused: [string, string, string, RegExp][] = [
    ['the contract imports the server', 'packages/contract/src/probe.ts', "import { buildApp } from '../../../apps/server/src/app.ts';", /knows no server/],
    ['the contract imports a screen library', 'packages/contract/src/probe.ts', "import { Button } from 'antd';", /knows no server, no screen/],
    ['the platform imports a module', 'apps/server/src/platform/probe.ts', "import { submitDict } from '../modules/dict/service.ts';", /platform knows no module/],
    ['the shell imports a feature', 'apps/web/src/shell/probe.ts', "import { dictFeature } from '../features/dict';", /shell knows no feature/],
    ['the console imports server code', 'apps/web/src/features/probe.ts', "import { listDicts } from '../../../server/src/modules/dict/service.ts';", /never imports server code/],
    ['the workflow engine imports HTTP', 'packages/workflow/src/probe.ts', "import Fastify from 'fastify';", /know no HTTP/],
  ];
  it.each(refused)('refuses: %s', (_, path, code, message) => {
    const { ok, output } = lint(path, `${code}\nexport const probe = 1;\n`);
    expect(ok, output).toBe(false);
    expect(output).toMatch(message);
  });

  const allowed: [string, string, string][] = [
    ['a module imports the platform', 'apps/server/src/modules/probe/index.ts', "import { defineModule } from '../../platform/module.ts';"],
    ['a feature imports the contract', 'apps/web/src/features/probe.ts', "import { DICT_ENDPOINTS } from '@macro/contract/dict';"],
    ['the shell imports the kit', 'apps/web/src/shell/probe.ts', "import { API_PREFIX } from '@macro/contract';"],
  ];
  it.each(allowed)('allows: %s', (_, path, code) => {
    const { ok, output } = lint(path, `${code}\nexport const probe = [${code.match(/\{ (\w+) \}/)?.[1]}];\n`);
    expect(ok, output).toBe(true);
  });
});
