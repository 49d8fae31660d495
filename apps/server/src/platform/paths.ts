import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder: the nearest one above this file that holds a package.json. The
 * same from the sources (`src/platform/`) and from the compiled bundle (`dist/`), so files the
 * server reads at run time (migrations, module folders, data) are found from either.
 */
export const SERVER_ROOT = (() => {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const up = dirname(folder);
    if (up === folder) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    folder = up;
  }
  return folder;
})();
