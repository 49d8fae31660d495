import { CODE_RULE_ENDPOINTS as E, CODE_RULE_PERMISSIONS as P } from '@macro/contract/coderules';
import { MENU_FOLDERS } from '@macro/contract/menus';
import { defineModule, route, type SweepClient } from '../../platform/module.ts';
import { usesOf } from '../../platform/references.ts';
import { allCodeRules, CODE_RULE_RESOURCE, createCodeRule, listCodeRules, removeCodeRule, takeNumber, updateCodeRule } from './service.ts';
import { codeRuleCounters, codeRules } from './tables.ts';

const SWEEP_PARTS = [
  { kind: 'text', value: 'SW' },
  { kind: 'sequence', width: 4, start: 1, step: 1, reset: 'never' },
];

/** Sweep data: a code rule named so a leak is easy to spot. */
async function sweepFixture(owner: SweepClient) {
  const marker = 'CodeRuleSweepMarker';
  const response = await owner.post(`/api${E.create.path}`, { code: marker, name: marker, parts: SWEEP_PARTS });
  if (response.statusCode !== 200) throw new Error(`sweep fixture: ${response.body}`);
  const id = (response.json() as { data: { id: number } }).data.id;
  return {
    marker,
    query: { id: String(id), code: marker, name: marker },
    // Points at the owner's rule without carrying the marker: a create call echoes what it is given.
    body: { code: 'stolen', name: 'stolen', parts: SWEEP_PARTS },
    snapshot: async () => (await owner.get(`/api${E.list.path}?code=${marker}`)).body,
  };
}

export const module = defineModule({
  name: 'coderules',
  uses: ['identity', 'org'],
  tables: [codeRules, codeRuleCounters],
  routes: (deps) => {
    const uses = usesOf(deps, CODE_RULE_RESOURCE);
    return [
      route(E.all, (_, { tx }) => allCodeRules(tx)),
      route(E.list, ({ query }, { tx }) => listCodeRules(tx, query)),
      route(E.create, ({ body }, ctx) => createCodeRule(ctx, body)),
      route(E.update, ({ params, body }, ctx) => updateCodeRule(ctx, params.id, body)),
      route(E.remove, async ({ params }, ctx) => ({ removed: await removeCodeRule(ctx, params.id, uses) })),
      route(E.gen, ({ params }, ctx) => takeNumber(ctx, params.id)),
    ];
  },
  menus: [
    {
      parent: MENU_FOLDERS.system,
      code: P.view,
      name: '编码规则',
      path: '/system/code-rules',
      source: 'FieldNumberOutlined',
      i18n: 'coderules',
      sort: 90,
      children: [
        { code: P.add, name: '新增', category: 2, i18n: 'add' },
        { code: P.edit, name: '修改', category: 2, i18n: 'edit' },
        { code: P.delete, name: '删除', category: 2, i18n: 'delete' },
        { code: P.gen, name: '取号', category: 2, i18n: 'gen' },
      ],
    },
  ],
  uniqueMessages: [
    { constraint: 'macro_code_rule_code', message: 'coderules.codeExists', params: { code: 'code' } },
    { constraint: 'macro_code_rule_name', message: 'coderules.nameExists', params: { name: 'name' } },
  ],
  sweep: sweepFixture,
});
