import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, openTrace, STARTER } from '../test/engine.ts';

/*
 * Standard BPMN wherever the engine reads its own settings: what other tools write in the
 * standard's terms runs as our settings would, or is refused at deploy naming the element.
 */

const engine = newEngine();
let database: TestDatabase;
const reachable = await postgresReachable();

/** A condition in the `${...}` form other tools write. */
const juel = (body: string) => `\${${body}}`;
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A multi-instance user task of `values` (persons) with BPMN's own loop and completion condition. */
const multiInstance = (id: string, values: string, condition: string, options: { sequential?: boolean; counterSign?: string } = {}) =>
  user(id, { values, counterSign: options.counterSign }).replace(
    '</bpmn:userTask>',
    `<bpmn:multiInstanceLoopCharacteristics isSequential="${options.sequential ?? false}"><bpmn:completionCondition>${xmlText(condition)}</bpmn:completionCondition></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>`,
  );

describe.skipIf(!reachable)('standard BPMN in the engine’s settings', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const deploy = (key: string, body: string) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, body) }));
  const startProcess = (key: string, variables: Record<string, unknown> = {}) =>
    database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER, variables }));
  const signing = (key: string, node: string) => deploy(key, [start(), node, user('after', '1'), end(), chain('start', 'cs', 'after', 'end')].join('\n'));

  it.each([
    ['JUEL ratio', juel('nrOfCompletedInstances / nrOfInstances >= 0.6'), false, {}, [5, 6], 7],
    ['JUEL count, sequential', juel('nrOfCompletedInstances >= 1'), true, {}, [], 5],
    ['FEEL count', 'nrOfCompletedInstances >= 2', false, {}, [5], 6],
    ['FEEL with its = sign', '= nrOfCompletedInstances >= 2', false, {}, [5], 6],
    ['active instances', juel('nrOfActiveInstances <= 2'), false, {}, [5, 6], 7],
    ['a process variable', juel('nrOfCompletedInstances >= quorum'), false, { quorum: 3 }, [5, 6], 7],
    ['JUEL words and negation', juel('!urgent and nrOfCompletedInstances ge 1 || nrOfCompletedInstances eq 4'), false, { urgent: false }, [], 5],
    ['a condition never met', juel('nrOfCompletedInstances > 10'), false, {}, [5, 6, 7, 8], 9],
  ])('a standard completionCondition completes the counter-sign: %s', async (label, condition, sequential, variables, before, last) => {
    const key = `cc_${label.replace(/\W+/g, '_')}`;
    await signing(key, multiInstance('cs', '5,6,7,8,9', condition, { sequential }));
    const { instance } = await startProcess(key, variables);
    expect(await openTrace(database, engine, instance.id)).toEqual(sequential ? ['cs:5'] : ['cs:5', 'cs:6', 'cs:7', 'cs:8', 'cs:9']);
    for (const approver of before) {
      await approveAt(database, engine, instance.id, 'cs', approver);
      expect((await openTrace(database, engine, instance.id)).every((t) => t.startsWith('cs:'))).toBe(true);
    }
    // The condition holds after this signature: the other counter-signers' tasks go, the node completes.
    await approveAt(database, engine, instance.id, 'cs', last);
    expect(await openTrace(database, engine, instance.id)).toEqual(['after:1']);
  });

  it('a standard completionCondition gives way to our own counter-sign setting', async () => {
    await signing('cc_ours', multiInstance('cs', '5,6', juel('nrOfCompletedInstances >= 1'), { counterSign: 'type="parallel" completion="all"' }));
    const { instance } = await startProcess('cc_ours');
    await approveAt(database, engine, instance.id, 'cs', 5);
    expect(await openTrace(database, engine, instance.id)).toEqual(['cs:6']);
    await approveAt(database, engine, instance.id, 'cs', 6);
    expect(await openTrace(database, engine, instance.id)).toEqual(['after:1']);
  });

  it.each([
    ['a method call', juel("execution.getVariable('n') > 1")],
    ['the conditional operator', juel('nrOfCompletedInstances > 1 ? true : false')],
    ['empty', juel('empty reviewers')],
    ['broken FEEL', '(nrOfCompletedInstances >= 1'],
  ])('a completionCondition the engine cannot read is refused at deploy naming the element: %s', async (_label, condition) => {
    await expect(signing('cc_unreadable', multiInstance('cs', '5,6', condition))).rejects.toMatchObject({
      code: 'workflow.unsupported',
      params: { type: 'UserTask', id: 'cs' },
    });
  });

  it('form-field approvers given as strings resolve like numbers', async () => {
    await deploy('by_field', [start(), user('a', { kind: 'formField', values: 'reviewers' }), end(), chain('start', 'a', 'end')].join('\n'));
    for (const [value, trace] of [
      [12, ['a:12']],
      ['12', ['a:12']],
      [' 12 ', ['a:12']],
      [['12', '15'], ['a:12|15']],
      [[12, '15'], ['a:12|15']],
      ['12,15', ['a:12|15']],
      ['12, 15,', ['a:12|15']],
    ] as const) {
      const { instance } = await startProcess('by_field', { reviewers: value });
      expect(await openTrace(database, engine, instance.id), JSON.stringify(value)).toEqual(trace);
    }
    // A counter-sign of signers a form names the same way.
    await deploy(
      'board_by_field',
      [start(), user('cs', { kind: 'formField', values: 'board', counterSign: 'type="parallel" completion="all"' }), end(), chain('start', 'cs', 'end')].join(
        '\n',
      ),
    );
    const { instance } = await startProcess('board_by_field', { board: '5,6' });
    expect(await openTrace(database, engine, instance.id)).toEqual(['cs:5', 'cs:6']);

    // What is not a user id is refused at the operation, naming the field: never nobody in silence.
    for (const value of ['abc', '12;15', '0', '-3', 12.5, 0, -1, '', [], ['12', 'x'], [12, null], null, true, { id: 12 }, '99999999999999999999', undefined]) {
      await expect(startProcess('by_field', value === undefined ? {} : { reviewers: value }), JSON.stringify(value)).rejects.toMatchObject({
        code: 'workflow.noApprover',
        params: { node: 'a', kind: 'formField', field: 'reviewers' },
      });
    }
  });
});
