import messages from '@macro/contract/messages/ja.json';
import { type LanguageBundle, languageBundle } from './bundle';

/** Every string of the console in ja, as one module: one download for the language (see ../index.ts). */
const bundle: LanguageBundle = languageBundle(
  messages,
  import.meta.glob('../ja/*.json', { eager: true, import: 'default' }),
  import.meta.glob('../../../../../packages/contract/src/*/messages/ja.json', { eager: true, import: 'default' }),
);
export default bundle;
