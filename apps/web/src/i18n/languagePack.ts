import { request } from '../api/http';
import { type LanguagePack, setLanguagePackLoader } from './index';

/**
 * The language packs administrators edit (GET /lp-map/object): fetched with the signed-in
 * console's strings, once per language and page load. Spelled as a plain request so the
 * sign-in page carries none of the language contract.
 */
setLanguagePackLoader((typeCode) => request<LanguagePack>('/lp-map/object', { query: { typeCode } }));
