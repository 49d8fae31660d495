import messages from '@macro/contract/messages/zh.json';
import { type LanguageBundle, languageBundle } from './bundle';

/** Every string of the console in zh, as one module: one download for the language (see ../index.ts). */
const bundle: LanguageBundle = languageBundle(
  messages,
  import.meta.glob('../zh/*.json', { eager: true, import: 'default' }),
  import.meta.glob('../../../../../packages/contract/src/*/messages/zh.json', { eager: true, import: 'default' }),
);
export default bundle;
