import { rowsOf } from '@macro/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, end, flow, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { openTrace, STARTER, TestClock, testResolver } from '../test/engine.ts';
import { ServiceFailure, WorkflowError } from '../errors.ts';
import { lintXml, WorkflowEngine } from './engine.ts';

/** Built-ins of the test: `stock` fails with the code the form data names, after writing a row; `ok` answers. */
const engine = new WorkflowEngine({
  resolver: testResolver,
  clock: new TestClock().read,
  services: {
    async invoke(tx, call) {
      if (call.name === 'ok') return { checked: true };
      await tx.execute(sql`insert into wf_variable (instance_id, name, value) values (${call.instanceId}, 'halfDone', 'true'::jsonb)`);
      throw new ServiceFailure('workflow.serviceBuiltin', `service task ${call.nodeId} failed`, { node: call.nodeId }, String(call.variables.code));
    },
  },
});
let database: TestDatabase;
const reachable = await postgresReachable();

/** A process around the service task `check`, with `errors` (bpmn:error elements) beside it. */
const model = (key: string, body: string[], errors = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${key}" targetNamespace="http://macro.console/test">
  ${errors}
  <bpmn:process id="${key}" isExecutable="true">
${body.join('\n')}
  </bpmn:process>
</bpmn:definitions>`;
const service = (id: string, name = 'stock') =>
  `<bpmn:serviceTask id="${id}"><bpmn:extensionElements><macro:node><macro:service kind="builtin" name="${name}"/></macro:node></bpmn:extensionElements></bpmn:serviceTask>`;
const catcher = (id: string, attachedTo: string, errorRef?: string) =>
  `<bpmn:boundaryEvent id="${id}" attachedToRef="${attachedTo}"><bpmn:errorEventDefinition${errorRef ? ` errorRef="${errorRef}"` : ''}/></bpmn:boundaryEvent>`;
const ERRORS = '<bpmn:error id="noStock" name="out of stock" errorCode="NO_STOCK"/><bpmn:error id="unavailable" errorCode="503"/>';

/** start → check → approve → end; check's NO_STOCK goes to a manual fallback, its 503 to a retry desk. */
const fallbackModel = (key: string, extra: string[] = []) =>
  model(
    key,
    [
      start(),
      service('check'),
      catcher('outOfStock', 'check', 'noStock'),
      catcher('down', 'check', 'unavailable'),
      ...extra,
      user('approve', '1'),
      user('manual', '2'),
      user('retry', '3'),
      end(),
      chain('start', 'check', 'approve', 'end'),
      flow('f_stock', 'outOfStock', 'manual'),
      flow('f_manual', 'manual', 'end'),
      flow('f_down', 'down', 'retry'),
      flow('f_retry', 'retry', 'end'),
    ],
    ERRORS,
  );

describe.skipIf(!reachable)('error boundary events on service tasks', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tx(async (tx) => {
      await engine.deploy(tx, { key: 'fallback', name: 'fallback', xml: fallbackModel('fallback') });
      await engine.deploy(tx, {
        key: 'catchAll',
        name: 'catchAll',
        xml: fallbackModel('catchAll', [catcher('anything', 'check'), user('desk', '4'), flow('f_any', 'anything', 'desk'), flow('f_desk', 'desk', 'end')]),
      });
    });
  });
  afterAll(async () => database?.close());

  const startWith = (key: string, code: string) => database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER, variables: { code } }));
  const historyOf = async (id: number) =>
    (await database.tx((tx) => engine.history(tx, id))).map(
      (h) => `${h.nodeId}:${h.event}${h.action ? `:${h.action}` : ''}${h.comment ? `:${h.comment}` : ''}`,
    );

  it('the error flow is taken when the failure’s code matches the boundary event’s error; the history says which error', async () => {
    const { instance } = await startWith('fallback', 'NO_STOCK');
    expect(await openTrace(database, engine, instance.id)).toEqual(['manual:2']);
    const history = await historyOf(instance.id);
    expect(history).toContain('check:leave:serviceError:NO_STOCK');
    expect(history.slice(history.indexOf('check:leave:serviceError:NO_STOCK'))).toEqual([
      'check:leave:serviceError:NO_STOCK',
      'outOfStock:enter',
      'outOfStock:leave',
      'f_stock:flow',
      'manual:enter',
    ]);
    // What the failed call wrote is undone with it; the instance goes on.
    expect(await database.tx((tx) => engine.variablesOf(tx, instance.id))).toEqual({ code: 'NO_STOCK' });
    // Another code takes its own boundary event.
    const down = await startWith('fallback', '503');
    expect(await openTrace(database, engine, down.instance.id)).toEqual(['retry:3']);
  });

  it('the error flow is not taken when no boundary event’s code matches: the operation is refused as before', async () => {
    const refused = startWith('fallback', 'TIMEOUT');
    await expect(refused).rejects.toBeInstanceOf(WorkflowError);
    await expect(refused).rejects.toMatchObject({ code: 'workflow.serviceBuiltin' });
    // Nothing of the start is kept: no instance holds that form data.
    const [{ n }] = await database.tx(async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from wf_variable where name = 'code' and value = '"TIMEOUT"'::jsonb`)),
    );
    expect(n).toBe(0);
  });

  it('a boundary event without an error code catches every error; one naming the code still wins', async () => {
    const any = await startWith('catchAll', 'TIMEOUT');
    expect(await openTrace(database, engine, any.instance.id)).toEqual(['desk:4']);
    expect(await historyOf(any.instance.id)).toContain('check:leave:serviceError:TIMEOUT');
    const named = await startWith('catchAll', 'NO_STOCK');
    expect(await openTrace(database, engine, named.instance.id)).toEqual(['manual:2']);
  });

  it('a service task that succeeds goes on as before, its boundary events untouched', async () => {
    const xml = model('fine', [
      start(),
      service('check', 'ok'),
      catcher('anything', 'check'),
      user('approve', '1'),
      user('desk', '4'),
      end(),
      chain('start', 'check', 'approve', 'end'),
      flow('f_any', 'anything', 'desk'),
      flow('f_desk', 'desk', 'end'),
    ]);
    await database.tx((tx) => engine.deploy(tx, { key: 'fine', name: 'fine', xml }));
    const { instance } = await startWith('fine', 'x');
    expect(await openTrace(database, engine, instance.id)).toEqual(['approve:1']);
    expect(await historyOf(instance.id)).toContain('check:leave:service');
  });

  it('lint: error boundary events on service tasks only, naming the element; never non-interrupting', async () => {
    const lint = async (body: string[]) =>
      (await lintXml(model('p', body, ERRORS))).map((p) => `${p.elementType}:${p.elementId}:${p.code}:${p.params.attached ?? ''}`);
    const around = (task: string, boundary: string) => [
      start(),
      task,
      boundary,
      user('desk', '4'),
      end(),
      chain('start', 'check', 'end'),
      flow('f_err', 'err', 'desk'),
      flow('f_desk', 'desk', 'end'),
    ];
    expect(await lint(around(service('check'), catcher('err', 'check', 'noStock')))).toEqual([]);
    expect(await lint(around(user('check', '1'), catcher('err', 'check')))).toEqual(['BoundaryEvent:err:errorBoundaryServiceOnly:check']);
    const nonInterrupting = '<bpmn:boundaryEvent id="err" attachedToRef="check" cancelActivity="false"><bpmn:errorEventDefinition/></bpmn:boundaryEvent>';
    expect(await lint(around(service('check'), nonInterrupting))).toEqual(['BoundaryEvent:err:errorBoundaryInterrupting:']);
    const escalation = '<bpmn:boundaryEvent id="err" attachedToRef="check"><bpmn:escalationEventDefinition/></bpmn:boundaryEvent>';
    expect(await lint(around(service('check'), escalation))).toEqual(['BoundaryEvent:err:boundaryDefinition:']);
  });
});
