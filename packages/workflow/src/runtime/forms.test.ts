import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { newEngine, STARTER } from '../test/engine.ts';
import { visibleData, visibleToViewer } from './forms.ts';

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

const FORM = '<macro:form formKey="leave"><macro:field name="days" permission="readonly"/><macro:field name="salary" permission="hidden"/></macro:form>';

describe.skipIf(!reachable)('field permissions of a node’s form binding', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tx((tx) =>
      engine.deploy(tx, {
        key: 'leave',
        name: 'leave',
        xml: definitions('leave', [start(), user('a', { values: '1', inner: FORM }), end(), chain('start', 'a', 'end')].join('\n')),
      }),
    );
  });
  afterAll(async () => database?.close());

  const open = async () => {
    const { instance } = await database.tx((tx) =>
      engine.start(tx, { definitionKey: 'leave', starterId: STARTER, variables: { days: 3, salary: 9000, reason: 'trip' } }),
    );
    const [task] = await database.tx((tx) => engine.openTasks(tx, instance.id));
    return { instance, task };
  };

  it('gives back each value with its JSON type: text that looks like a number or a boolean stays text', async () => {
    const values = { mobile: '13800138000', flag: 'true', list: '[1]', none: null, n: 2, b: false, nested: { a: '1' } };
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'leave', starterId: STARTER, variables: values }));
    expect(await database.tx((tx) => engine.variablesOf(tx, instance.id))).toEqual(values);
  });

  it('refuses changing a read-only or hidden field on approve and leaves the task open; the same value passes', async () => {
    const { instance, task } = await open();
    await expect(database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1, variables: { days: 5 } }))).rejects.toMatchObject({
      code: 'workflow.fieldReadonly',
      params: { field: 'days' },
    });
    await expect(database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1, variables: { salary: 1 } }))).rejects.toMatchObject({
      code: 'workflow.fieldReadonly',
      params: { field: 'salary' },
    });
    expect((await database.tx((tx) => engine.openTasks(tx, instance.id))).map((t) => t.id)).toEqual([task.id]);
    await database.tx((tx) => engine.approve(tx, { taskId: task.id, userId: 1, variables: { days: 3, reason: 'visit' } }));
    expect(await database.tx((tx) => engine.variablesOf(tx, instance.id))).toEqual({ days: 3, salary: 9000, reason: 'visit' });
  });

  it('saves the form of an open task for its approver only, and signs it without completing it', async () => {
    const { instance, task } = await open();
    await expect(database.tx((tx) => engine.saveTaskForm(tx, { taskId: task.id, userId: 2, variables: { reason: 'x' } }))).rejects.toMatchObject({
      code: 'workflow.notAssignee',
    });
    await expect(database.tx((tx) => engine.saveTaskForm(tx, { taskId: task.id, userId: 1, variables: { days: 1 } }))).rejects.toMatchObject({
      code: 'workflow.fieldReadonly',
    });
    await database.tx((tx) => engine.saveTaskForm(tx, { taskId: task.id, userId: 1, variables: { reason: 'visit' } }));
    await database.tx((tx) => engine.sign(tx, { taskId: task.id, userId: 1, stamp: 'seal' }));
    const history = await database.tx((tx) => engine.history(tx, instance.id));
    expect(history.filter((h) => h.event === 'operation').map((h) => [h.action, h.stamp])).toEqual([
      ['saveForm', null],
      ['sign', 'seal'],
    ]);
    const [still] = await database.tx((tx) => engine.openTasks(tx, instance.id));
    expect([still.id, still.touched]).toEqual([task.id, true]);
    const model = await database.tx((tx) => engine.modelOf(tx, instance.definitionId));
    expect(visibleData(model.nodes.get('a'), { days: 3, salary: 9000, reason: 'visit' })).toEqual({ days: 3, reason: 'visit' });
  });

  it('shows the whole process to each viewer as their nodes allow: the starter all, an approver what one of their nodes shows, anyone else what no node hides', () => {
    const node = (id: string, hidden: string[]) =>
      ({ id, settings: { form: { formKey: 'leave', fields: hidden.map((name) => ({ name, permission: 'hidden' as const })) } } }) as never;
    const nodes = [node('a', ['salary', 'phone']), node('b', ['salary']), node('c', [])];
    const data = { days: 3, salary: 9000, phone: '13800000000' };
    expect(visibleToViewer(nodes, data, { isStarter: true, nodeIds: [] })).toEqual(data);
    expect(visibleToViewer(nodes, data, { isStarter: false, nodeIds: ['a'] })).toEqual({ days: 3 });
    expect(visibleToViewer(nodes, data, { isStarter: false, nodeIds: ['a', 'b'] })).toEqual({ days: 3, phone: '13800000000' });
    expect(visibleToViewer(nodes, data, { isStarter: false, nodeIds: ['a', 'c'] })).toEqual(data);
    expect(visibleToViewer(nodes, data, { isStarter: false, nodeIds: [] })).toEqual({ days: 3 });
  });
});
