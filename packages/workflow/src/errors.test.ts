import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('.', import.meta.url));
// The contract keeps each domain's messages in src/<domain>/messages (it exports no path to them).
const MESSAGES = fileURLToPath(new URL('../../contract/src/workflow/messages/', import.meta.url));

function* sources(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield path;
  }
}

describe('refusal messages', () => {
  it('every code the engine refuses with has a message in the contract (workflow domain)', () => {
    const codes = new Set<string>();
    for (const file of sources(SOURCE)) for (const match of readFileSync(file, 'utf8').matchAll(/'workflow\.(\w+)'/g)) codes.add(match[1]);
    expect(codes.size).toBeGreaterThan(30);
    for (const language of ['zh', 'en', 'ja']) {
      const table = JSON.parse(readFileSync(`${MESSAGES}${language}.json`, 'utf8')) as Record<string, string>;
      expect(
        [...codes].filter((code) => !(code in table)),
        language,
      ).toEqual([]);
    }
  });
});
