import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LANGUAGES, registerMessages } from '@macro/contract';

/**
 * Registers every domain's messages of the contract (`src/<domain>/messages/<language>.json`)
 * so errors translate; a new domain's messages are found without being listed anywhere.
 */
export function loadContractMessages(): void {
  const source = dirname(createRequire(import.meta.url).resolve('@macro/contract'));
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'messages') continue;
    const folder = join(source, entry.name, 'messages');
    let files: string[];
    try {
      files = readdirSync(folder);
    } catch {
      continue;
    }
    for (const language of LANGUAGES) {
      if (!files.includes(`${language}.json`)) throw new Error(`${folder} lacks ${language}.json`);
      registerMessages(language, entry.name, JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8')));
    }
  }
}
