import { index, integer, text } from 'drizzle-orm/pg-core';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/**
 * What the platform knows of a stored file: its bytes live in the file store (a local folder by
 * default) under `storage_key`; the row says whose it is, what it is and how big.
 */
export const files = tenantTable(
  'macro_file',
  {
    id: idColumn(),
    /** Path of the bytes inside the store, `<tenant>/<random>`: never derived from the user's file name. */
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** Which domain uses it (`stamp`, `annex`…), for clean-ups and audits. */
    purpose: text('purpose').notNull(),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [index('macro_file_purpose').on(t.tenantId, t.purpose, t.id)],
);
