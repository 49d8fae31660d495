import messages from '@macro/contract/messages/en.json';
import { type LanguageBundle, languageBundle } from './bundle';

/** Every string of the console in en, as one module: one download for the language (see ../index.ts). */
const bundle: LanguageBundle = languageBundle(
  messages,
  import.meta.glob('../en/*.json', { eager: true, import: 'default' }),
  import.meta.glob('../../../../../packages/contract/src/*/messages/en.json', { eager: true, import: 'default' }),
);
export default bundle;
