import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, definitions, end, flow, gateway, start, user } from '../test/bpmn.ts';
import { openTestDatabase, postgresReachable, type TestDatabase } from '../test/database.ts';
import { approveAt, newEngine, openTrace, STARTER, TestClock } from '../test/engine.ts';
import type { TimerChange } from './migrate.ts';

const clock = new TestClock();
const engine = newEngine(clock);
const HOUR = 3600_000;

const boundary = (id: string, attachedTo: string, timer: string, interrupting = true) => {
  const definition = timer.startsWith('P') ? `<bpmn:timeDuration>${timer}</bpmn:timeDuration>` : `<bpmn:timeDate>${timer}</bpmn:timeDate>`;
  return `<bpmn:boundaryEvent id="${id}" attachedToRef="${attachedTo}"${interrupting ? '' : ' cancelActivity="false"'}><bpmn:timerEventDefinition>${definition}</bpmn:timerEventDefinition></bpmn:boundaryEvent>`;
};
let database: TestDatabase;
const reachable = await postgresReachable();

describe.skipIf(!reachable)('changing the version of running instances', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database?.close());

  const deploy = (body: string) => database.tx((tx) => engine.deploy(tx, { key: 'leave', name: 'leave', xml: definitions('leave', body) }));
  const startOne = () => database.tx((tx) => engine.start(tx, { definitionKey: 'leave', starterId: STARTER }));

  it('a node removed in the new version: the test call reports it, the change is refused, a mapping makes it go', async () => {
    await deploy([start(), user('a', '1'), user('b', '2'), end(), chain('start', 'a', 'b', 'end')].join('\n'));
    const atA = await startOne();
    const atB = await startOne();
    await approveAt(database, engine, atB.instance.id, 'a');
    const v2 = await deploy([start(), user('a', '1'), user('c', '3'), end(), chain('start', 'a', 'c', 'end')].join('\n'));
    const ids = [atA.instance.id, atB.instance.id];

    const report = await database.tx((tx) => engine.testVersionChange(tx, { instanceIds: ids, toDefinitionId: v2.id, userId: 99 }));
    expect(report.map((r) => [r.maps, r.unmapped])).toEqual([
      [true, []],
      [false, ['b']],
    ]);
    await expect(database.tx((tx) => engine.changeVersion(tx, { instanceIds: ids, toDefinitionId: v2.id, userId: 99 }))).rejects.toMatchObject({
      code: 'workflow.versionUnmapped',
    });
    // Nothing moved.
    expect((await database.tx((tx) => engine.instance(tx, atA.instance.id))).definitionId).not.toBe(v2.id);

    await database.tx((tx) => engine.changeVersion(tx, { instanceIds: ids, toDefinitionId: v2.id, mapping: { b: 'c' }, userId: 99 }));
    // The open task keeps its approver; it now runs on the new version.
    expect(await openTrace(database, engine, atB.instance.id)).toEqual(['c:2']);
    await approveAt(database, engine, atB.instance.id, 'c');
    expect((await database.tx((tx) => engine.instance(tx, atB.instance.id))).state).toBe('completed');
    await approveAt(database, engine, atA.instance.id, 'a');
    expect(await openTrace(database, engine, atA.instance.id)).toEqual(['c:3']);
  });

  it('a token waiting at a join keeps waiting in the new version', async () => {
    const body = (extra: string) =>
      [
        start(),
        gateway('parallel', 'fork'),
        user('a', '1'),
        user('b', '2'),
        gateway('parallel', 'join'),
        user(extra, '4'),
        end(),
        chain('start', 'fork'),
        flow('fa', 'fork', 'a'),
        flow('fb', 'fork', 'b'),
        flow('aj', 'a', 'join'),
        flow('bj', 'b', 'join'),
        chain('join', extra, 'end'),
      ].join('\n');
    await database.tx((tx) => engine.deploy(tx, { key: 'par', name: 'par', xml: definitions('par', body('c')) }));
    const { instance } = await database.tx((tx) => engine.start(tx, { definitionKey: 'par', starterId: STARTER }));
    await approveAt(database, engine, instance.id, 'a');
    const v2 = await database.tx((tx) => engine.deploy(tx, { key: 'par', name: 'par', xml: definitions('par', body('d')) }));
    await database.tx((tx) => engine.changeVersion(tx, { instanceIds: [instance.id], toDefinitionId: v2.id, userId: 99 }));
    await approveAt(database, engine, instance.id, 'b');
    expect(await openTrace(database, engine, instance.id)).toEqual(['d:4']);
  });

  describe('version change carries timers both ways', () => {
    const deployAs = (key: string, body: string[]) => database.tx((tx) => engine.deploy(tx, { key, name: key, xml: definitions(key, body.join('\n')) }));
    const startAs = (key: string) => database.tx((tx) => engine.start(tx, { definitionKey: key, starterId: STARTER }));
    const move = (instanceId: number, toDefinitionId: number) =>
      database.tx((tx) => engine.changeVersion(tx, { instanceIds: [instanceId], toDefinitionId, userId: 99 }));
    const dryRun = async (instanceId: number, toDefinitionId: number) =>
      (await database.tx((tx) => engine.testVersionChange(tx, { instanceIds: [instanceId], toDefinitionId, userId: 99 })))[0];
    const fire = () => engine.runDueJobs(database.db);
    const at = (ms: number) => new Date(ms).toISOString();
    const byTimer = (changes: TimerChange[]) => [...changes].sort((a, b) => a.timer.localeCompare(b.timer));
    const overdue = async (instanceId: number) => (await database.tx((tx) => engine.history(tx, instanceId))).filter((h) => h.action === 'overdue').length;
    const dueOfOpen = async (instanceId: number) => (await database.tx((tx) => engine.openTasks(tx, instanceId))).map((t) => t.dueAt?.toISOString() ?? null);
    // a escalates to b when its boundary timer fires.
    const escalating = (a: string[]) => [start(), ...a, user('b', '2'), end(), end('end2'), chain('start', 'a', 'end'), chain('late', 'b', 'end2')];

    it('version change schedules a timer the target version adds', async () => {
      await deployAs('adds', [start(), user('a', '1'), end(), chain('start', 'a', 'end')]);
      const { instance } = await startAs('adds');
      const started = clock.now.getTime();
      clock.advance(3 * HOUR);
      const v2 = await deployAs('adds', escalating([user('a', { values: '1', node: 'dueIn="PT2H"' }), boundary('late', 'a', 'P1D')]));
      const changed = clock.now.getTime();
      await move(instance.id, v2.id);
      // Due from the change, not from when the token came: a day after the start only the due time has passed.
      expect(await dueOfOpen(instance.id)).toEqual([at(changed + 2 * HOUR)]);
      clock.now = new Date(started + 24 * HOUR + 1000);
      expect(await fire()).toBe(1);
      expect(await overdue(instance.id)).toBe(1);
      expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
      clock.now = new Date(changed + 24 * HOUR);
      expect(await fire()).toBe(1);
      expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
    });

    it('version change removes a timer the target version no longer has', async () => {
      await deployAs('drops', escalating([user('a', { values: '1', node: 'dueIn="PT2H"' }), boundary('late', 'a', 'PT4H')]));
      const { instance } = await startAs('drops');
      const v2 = await deployAs('drops', [start(), user('a', '1'), end(), chain('start', 'a', 'end')]);
      await move(instance.id, v2.id);
      expect(await dueOfOpen(instance.id)).toEqual([null]);
      clock.advance(5 * HOUR);
      expect(await fire()).toBe(0);
      expect(await overdue(instance.id)).toBe(0);
      expect(await openTrace(database, engine, instance.id)).toEqual(['a:1']);
      await approveAt(database, engine, instance.id, 'a');
      expect((await database.tx((tx) => engine.instance(tx, instance.id))).state).toBe('completed');
    });

    it('a timer both versions have keeps its due time', async () => {
      const a = [user('a', { values: '1', node: 'dueIn="PT2H"' }), boundary('late', 'a', 'P1D')];
      await deployAs('keeps', escalating(a));
      const { instance } = await startAs('keeps');
      const started = clock.now.getTime();
      clock.advance(HOUR);
      // The new version differs elsewhere: a note on b.
      const v2 = await deployAs(
        'keeps',
        escalating(a).map((part) => part.replace('name="b"', 'name="b, again"')),
      );
      const report = await dryRun(instance.id, v2.id);
      expect([report.timersAdded, report.timersRemoved]).toEqual([[], []]);
      await move(instance.id, v2.id);
      expect(await dueOfOpen(instance.id)).toEqual([at(started + 2 * HOUR)]);
      clock.now = new Date(started + 2 * HOUR);
      expect(await fire()).toBe(1);
      expect(await overdue(instance.id)).toBe(1);
      clock.now = new Date(started + 24 * HOUR);
      expect(await fire()).toBe(1);
      expect(await openTrace(database, engine, instance.id)).toEqual(['b:2']);
    });

    it('the dry run lists timers added and removed', async () => {
      const remind = user('remind', '3');
      await deployAs('lists', [
        ...escalating([user('a', '1'), boundary('late', 'a', 'P1D'), boundary('nudge', 'a', 'PT1H', false)]),
        remind,
        end('end3'),
        chain('nudge', 'remind', 'end3'),
      ]);
      const { instance } = await startAs('lists');
      const started = clock.now.getTime();
      clock.advance(HOUR / 2);
      const changed = clock.now.getTime();
      // The nudge comes later, the escalation goes, a deadline on a date comes.
      const v2 = await deployAs('lists', [
        start(),
        user('a', { values: '1', node: 'dueIn="PT8H"' }),
        boundary('nudge', 'a', 'PT4H', false),
        boundary('deadline', 'a', '2026-03-01T00:00:00Z'),
        user('b', '2'),
        remind,
        end(),
        end('end2'),
        end('end3'),
        chain('start', 'a', 'end'),
        chain('deadline', 'b', 'end2'),
        chain('nudge', 'remind', 'end3'),
      ]);
      const report = await dryRun(instance.id, v2.id);
      expect(report.maps).toBe(true);
      expect(byTimer(report.timersAdded)).toEqual([
        { node: 'a', timer: 'a', kind: 'due', dueAt: at(changed + 8 * HOUR) },
        { node: 'a', timer: 'deadline', kind: 'boundary', dueAt: '2026-03-01T00:00:00.000Z' },
        { node: 'a', timer: 'nudge', kind: 'boundary', dueAt: at(changed + 4 * HOUR) },
      ]);
      expect(byTimer(report.timersRemoved)).toEqual([
        { node: 'a', timer: 'late', kind: 'boundary', dueAt: at(started + 24 * HOUR) },
        { node: 'a', timer: 'nudge', kind: 'boundary', dueAt: at(started + HOUR) },
      ]);
      // The dry run changed nothing: the old nudge still fires on the old version.
      clock.now = new Date(started + HOUR);
      expect(await fire()).toBe(1);
      expect(await openTrace(database, engine, instance.id)).toEqual(['a:1', 'remind:3']);
      // Once it fired, the changed nudge does not come again; the change does what the dry run said of the rest.
      const applied = (await move(instance.id, v2.id))[0];
      expect(byTimer(applied.timersAdded).map((t) => t.timer)).toEqual(['a', 'deadline']);
      expect(applied.timersRemoved.map((t) => t.timer)).toEqual(['late']);
    });
  });
});
