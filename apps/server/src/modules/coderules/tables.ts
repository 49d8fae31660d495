import type { CodeRulePart } from '@macro/contract/coderules';
import { bigint, index, integer, jsonb, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantTable, timestamps } from '../../platform/tables.ts';

export const codeRules = tenantTable(
  'macro_code_rule',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parts: jsonb('parts').$type<CodeRulePart[]>().notNull(),
    /** IANA zone its dates and reset periods are read in. */
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    sort: integer('sort').notNull().default(1),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    // Two concurrent submits cannot both slip past the service's own checks.
    uniqueIndex('macro_code_rule_code').on(t.tenantId, t.code),
    uniqueIndex('macro_code_rule_name').on(t.tenantId, t.name),
    // Lists are ordered by sort then id: a page reads only its rows.
    index('macro_code_rule_list').on(t.tenantId, t.sort, t.id),
  ],
);

/**
 * A rule's sequence in one period (`''` for a rule that never resets, else the day, month or
 * year): the last value taken. Taking a number is one upsert of this row, so two takers of the
 * same period queue on its lock, in any server process.
 */
export const codeRuleCounters = tenantTable(
  'macro_code_rule_counter',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => codeRules.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ruleId, t.period] })],
);
