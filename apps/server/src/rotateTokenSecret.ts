/*
 * `npm run rotate-token-secret`: replaces the secret that signs access tokens and ends every
 * session (docs/security.md). Run it with the same DATABASE_URL or DATA_DIR as the server, then
 * restart every server process: each loads the secret when it starts.
 */
import { openConfigured } from './modules.ts';
import { rotateTokenSecret } from './modules/auth/index.ts';
import { readConfig } from './platform/config.ts';

const config = readConfig();
const { database } = await openConfigured(config);
try {
  const ended = await rotateTokenSecret(database.db);
  console.log(`The token secret is new; ${ended} live session(s) ended. Restart every server process now.`);
} finally {
  await database.close();
}
