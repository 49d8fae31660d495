import type { DesktopContent, VisualObjectType } from '@macro/contract/desktop';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** Desktop schemes (home pages): the current content and its version; earlier versions in `macro_desktop_scheme_version`. */
export const desktopSchemes = tenantTable(
  'macro_desktop_scheme',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    content: jsonb('content').$type<DesktopContent>().notNull(),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_desktop_scheme_code').on(t.tenantId, t.code),
    // At most one default home page per tenant, held by the database under concurrent calls.
    uniqueIndex('macro_desktop_scheme_default').on(t.tenantId).where(sql`${t.isDefault}`),
  ],
);

/** Every saved version of a scheme's content. */
export const desktopSchemeVersions = tenantTable(
  'macro_desktop_scheme_version',
  {
    id: idColumn(),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => desktopSchemes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<DesktopContent>().notNull(),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_desktop_scheme_version_no').on(t.tenantId, t.schemeId, t.version)],
);

/** Who a home page is offered to (a scheme without any relation is offered to everyone). */
export const visualRelations = tenantTable(
  'macro_visual_relation',
  {
    id: idColumn(),
    visualId: integer('visual_id')
      .notNull()
      .references(() => desktopSchemes.id, { onDelete: 'cascade' }),
    objectType: text('object_type').$type<VisualObjectType>().notNull(),
    objectId: integer('object_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_visual_relation_object').on(t.tenantId, t.visualId, t.objectType, t.objectId),
    index('macro_visual_relation_by_object').on(t.tenantId, t.objectType, t.objectId),
  ],
);

/** A person's own choice of home page, per subsystem (`system_id`, blank for the console). */
export const visualHomes = tenantTable(
  'macro_visual_home',
  {
    id: idColumn(),
    userId: integer('user_id').notNull(),
    systemId: text('system_id').notNull().default(''),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => desktopSchemes.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('macro_visual_home_user').on(t.tenantId, t.userId, t.systemId)],
);
