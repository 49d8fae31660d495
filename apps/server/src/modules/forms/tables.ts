import type { FormDocument } from '@macro/contract/forms';
import { boolean, index, integer, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { files } from '../files/public.ts';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** Form schemes: the current document and its version; earlier versions in `macro_form_scheme_version`. */
export const formSchemes = tenantTable(
  'macro_form_scheme',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    document: jsonb('document').$type<FormDocument>().notNull(),
    /**
     * A custom-table scheme keeps its data in a table of its own (`macro_ct_<id>`, one column per
     * field, see customTable.ts) under this name, unique in the tenant; null keeps data as JSON.
     */
    tableName: text('table_name'),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_form_scheme_code').on(t.tenantId, t.code),
    uniqueIndex('macro_form_scheme_table').on(t.tenantId, t.tableName),
    // At most one default per tenant, held by the database under concurrent set-default calls.
    uniqueIndex('macro_form_scheme_default').on(t.tenantId).where(sql`${t.isDefault}`),
  ],
);

/** Every saved version of a scheme's document. */
export const formSchemeVersions = tenantTable(
  'macro_form_scheme_version',
  {
    id: idColumn(),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => formSchemes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: jsonb('document').$type<FormDocument>().notNull(),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_form_scheme_version_no').on(t.tenantId, t.schemeId, t.version)],
);

/** Data filled in through a form (spec "instance form data"), keyed by `primary_key`. */
export const formInstances = tenantTable(
  'macro_form_instance',
  {
    id: idColumn(),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => formSchemes.id),
    primaryKey: uuid('primary_key').notNull().defaultRandom(),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_form_instance_key').on(t.tenantId, t.primaryKey), index('macro_form_instance_scheme').on(t.tenantId, t.schemeId, t.id)],
);

/** List pages over a form (spec `/form-relation`): which scheme and which of its fields are columns. */
export const formRelations = tenantTable(
  'macro_form_relation',
  {
    id: idColumn(),
    name: text('name').notNull(),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => formSchemes.id),
    columns: jsonb('columns').$type<string[]>().notNull(),
    description: text('description').notNull().default(''),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [index('macro_form_relation_scheme').on(t.tenantId, t.schemeId)],
);

/** Files uploaded for forms' file fields: a random id (what form data hold) over a stored file. */
export const formAnnexes = tenantTable(
  'macro_form_annex',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [index('macro_form_annex_file').on(t.tenantId, t.fileId)],
);
