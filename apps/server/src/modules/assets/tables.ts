import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineDataResource } from '../../platform/dataScope.ts';
import { idColumn, ownerColumn, tenantTable, timestamps } from '../../platform/tables.ts';

/** The asset register: drafts, then submitted (read-only) rows. */
export const assets = tenantTable(
  'macro_asset',
  {
    id: idColumn(),
    assetCode: text('asset_code').notNull(),
    assetName: text('asset_name').notNull(),
    category: text('category').notNull().default(''),
    model: text('model').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Yuan, exact to the fen. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    deptId: integer('dept_id'),
    custodianId: integer('custodian_id'),
    location: text('location').notNull().default(''),
    remark: text('remark').notNull().default(''),
    status: text('status').notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    ...ownerColumn(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('macro_asset_code').on(t.tenantId, t.assetCode),
    index('macro_asset_dept').on(t.tenantId, t.deptId, t.id),
    index('macro_asset_owner').on(t.tenantId, t.createUser, t.id),
    check('macro_asset_status', sql`${t.status} in ('draft', 'submitted')`),
  ],
);

/** Assets as data scopes see them: created by `create_user`, held by the department `dept_id`. */
export const ASSET_DATA = defineDataResource({
  code: 'asset',
  owner: 'create_user',
  dept: 'dept_id',
  fields: { asset_code: 'text', asset_name: 'text', category: 'text', location: 'text', status: 'text', dept_id: 'number', custodian_id: 'number' },
});
