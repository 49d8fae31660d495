import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

export const stamps = tenantTable(
  'macro_stamp',
  {
    id: idColumn(),
    stampName: text('stamp_name').notNull(),
    /** STAMP_CATEGORY: 1 private (its owner signs with it), 2 public (its members do). */
    category: integer('category').notNull(),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    enabled: integer('enabled').notNull().default(1),
    isDefault: boolean('is_default').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /** The image in the file store (macro_file). */
    imageFileId: integer('image_file_id').notNull(),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [
    index('macro_stamp_list').on(t.tenantId, t.sort, t.id),
    // At most one default public stamp per tenant and one default private stamp per owner,
    // even when two set-default calls race.
    uniqueIndex('macro_stamp_default_public').on(t.tenantId).where(sql`is_default and category = 2`),
    uniqueIndex('macro_stamp_default_private').on(t.tenantId, t.createUser).where(sql`is_default and category = 1`),
  ],
);

/** Who maintains a stamp and who may sign with it. */
export const stampUsers = tenantTable(
  'macro_stamp_user',
  {
    id: idColumn(),
    stampId: integer('stamp_id')
      .notNull()
      .references(() => stamps.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** 'maintainer' or 'member'. */
    role: text('role').notNull(),
  },
  (t) => [uniqueIndex('macro_stamp_user_key').on(t.tenantId, t.stampId, t.role, t.userId), index('macro_stamp_user_user').on(t.tenantId, t.userId, t.role)],
);
