/** What other modules may use of files: everything else in this folder is its own. */
export { type FileStore, localFileStore, looksLike, readStoredFile, storeFile, storeImage, storeUpload } from './store.ts';
export { files } from './tables.ts';
