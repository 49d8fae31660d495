/*
 * `npm run reseal-secrets`: after a data key rotation (docs/security.md, "The data key"), seals
 * every kept secret again under the current MACRO_DATA_KEY, opening them with it or with a key of
 * MACRO_DATA_KEY_PREVIOUS. Run it with the same configuration as the server; then the previous
 * key can be removed.
 */
import { openConfigured } from './modules.ts';
import { resealLinkPasswords } from './modules/databaselinks/index.ts';
import { readConfig } from './platform/config.ts';
import { configuredSecretBox } from './platform/secrets.ts';

const config = readConfig();
const { database } = await openConfigured(config);
try {
  const report = await resealLinkPasswords(database.db, configuredSecretBox(config));
  console.log(`Database link passwords: ${report.resealed} sealed again, ${report.current} already under the current key.`);
  if (report.unopened.length) {
    console.log(`Not opened with any configured key (tenant/link id), left as they are: ${report.unopened.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
