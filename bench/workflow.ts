/**
 * The workflow engine's bench: a three-step approval (start, two approvals, end) done N times at
 * concurrency 1 and 16, on PGlite and on PostgreSQL, beside two floors measured in the same run
 * on the same database: the cheapest rows any engine must write for it (the instance, each
 * open task, one history row per decision; one statement per step), and the engine's own rows
 * written as plain SQL without the engine. Prints processes per second, the ratio engine / floor
 * for each (aim: at least 0.5 of the cheapest on PostgreSQL, 0.3 on PGlite), and how much the
 * engine gains from 1 to 16 clients (aim on PostgreSQL: at least 2x).
 *
 * Environment: BENCH_WORKFLOW_N (processes per measurement, default 200), BENCH_DATABASES
 * (default "postgres,pglite"), DATABASE_URL (PostgreSQL that accepts CREATE DATABASE).
 */
import { type Tx, withTenant } from '@macro/store';
import { WorkflowEngine } from '@macro/workflow';
import { openTestDatabase, postgresReachable, TENANT, type TestDatabase } from '@macro/workflow/testing';
import { sql } from 'drizzle-orm';

const N = Number(process.env.BENCH_WORKFLOW_N ?? 200);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const CONCURRENCY = [1, 16];
const STARTER = 100;

/** The approval's model: each approval node for one person, or (or-sign) for five candidates. */
const xmlOf = (key: string, a: string, b: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="d" targetNamespace="http://macro.console/bench">
  <bpmn:process id="${key}" isExecutable="true">
    <bpmn:startEvent id="start"/>
    <bpmn:userTask id="a"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${a}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:userTask id="b"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${b}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="a"/>
    <bpmn:sequenceFlow id="f2" sourceRef="a" targetRef="b"/>
    <bpmn:sequenceFlow id="f3" sourceRef="b" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const engine = new WorkflowEngine({ resolver: { resolve: async () => [] } });

/**
 * How an approver's request finds its task on both sides (the console sends the task's id; here
 * it is looked up), so that the ratio compares only what the engine does with it.
 */
const openTaskId = async (tx: Tx, instanceId: number) =>
  (await one<{ id: number }>(tx, sql`select id from wf_task where instance_id = ${instanceId} and state = 'open'`)).id;

const MODELS = [
  { key: 'bench', label: 'three-step approval', xml: xmlOf('bench', '1', '2') },
  { key: 'bench_or', label: 'three-step approval, or-sign nodes of 5 candidates', xml: xmlOf('bench_or', '1,3,4,5,6', '2,7,8,9,10') },
];

async function engineProcess(database: TestDatabase, key: string): Promise<void> {
  const { instance } = await withTenant(database.db, TENANT, (tx) => engine.start(tx, { definitionKey: key, starterId: STARTER, variables: { amount: 1 } }));
  for (const user of [1, 2]) {
    await withTenant(database.db, TENANT, async (tx) => engine.approve(tx, { taskId: await openTaskId(tx, instance.id), userId: user }));
  }
}

const one = async <T>(tx: Tx, query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows[0];

/** The same rows as the engine writes, in plain SQL: instance, variable, token, tasks, history. */
async function baselineProcess(database: TestDatabase, definitionId: number): Promise<void> {
  const ids = await withTenant(database.db, TENANT, async (tx) => {
    const instance = await one<{ id: number }>(
      tx,
      sql`insert into wf_instance (definition_id, starter_id, title) values (${definitionId}, ${STARTER}, 'bench') returning id`,
    );
    await tx.execute(sql`insert into wf_variable (instance_id, name, value) values (${instance.id}, 'amount', '1')`);
    const execution = await one<{ id: number }>(tx, sql`insert into wf_execution (instance_id, node_id) values (${instance.id}, 'a') returning id`);
    const start = await one<{ id: number }>(
      tx,
      sql`insert into wf_task (instance_id, execution_id, node_id, node_name, kind, assignee_id, state, action, completed_by, completed_at)
          values (${instance.id}, ${execution.id}, 'start', 'start', 'start', ${STARTER}, 'completed', 'start', ${STARTER}, now()) returning id`,
    );
    await tx.execute(sql`insert into wf_history (instance_id, node_id, event, action, user_id, task_id) values
      (${instance.id}, 'start', 'enter', null, ${STARTER}, null), (${instance.id}, 'start', 'leave', 'start', ${STARTER}, ${start.id}),
      (${instance.id}, 'f1', 'flow', null, ${STARTER}, null), (${instance.id}, 'a', 'enter', null, ${STARTER}, null)`);
    await tx.execute(
      sql`insert into wf_task (instance_id, execution_id, node_id, node_name, assignee_id, previous_task_id, created_by_task_id) values (${instance.id}, ${execution.id}, 'a', 'a', 1, ${start.id}, ${start.id})`,
    );
    return { instance: instance.id, execution: execution.id };
  });
  for (const [user, node, next, flow] of [
    [1, 'a', 'b', 'f2'],
    [2, 'b', null, 'f3'],
  ] as const) {
    await withTenant(database.db, TENANT, async (tx) => {
      await tx.execute(sql`select id from wf_instance where id = ${ids.instance} for update`);
      const task = { id: await openTaskId(tx, ids.instance) };
      await tx.execute(
        sql`update wf_task set state = 'completed', action = 'approve', completed_by = ${user}, completed_at = now(), touched = true where id = ${task.id}`,
      );
      if (next) {
        await tx.execute(sql`insert into wf_history (instance_id, node_id, event, action, user_id, task_id) values
          (${ids.instance}, ${node}, 'leave', 'approve', ${user}, ${task.id}), (${ids.instance}, ${flow}, 'flow', null, ${user}, null), (${ids.instance}, ${next}, 'enter', null, ${user}, null)`);
        await tx.execute(sql`update wf_execution set node_id = ${next} where id = ${ids.execution}`);
        await tx.execute(
          sql`insert into wf_task (instance_id, execution_id, node_id, node_name, assignee_id, previous_task_id, created_by_task_id) values (${ids.instance}, ${ids.execution}, ${next}, ${next}, 2, ${task.id}, ${task.id})`,
        );
      } else {
        await tx.execute(sql`insert into wf_history (instance_id, node_id, event, action, user_id, task_id) values
          (${ids.instance}, ${node}, 'leave', 'approve', ${user}, ${task.id}), (${ids.instance}, ${flow}, 'flow', null, ${user}, null),
          (${ids.instance}, 'end', 'enter', null, ${user}, null), (${ids.instance}, 'end', 'leave', null, ${user}, null)`);
        await tx.execute(sql`delete from wf_execution where id = ${ids.execution}`);
        await tx.execute(sql`update wf_instance set state = 'completed', ended_at = now() where id = ${ids.instance}`);
      }
    });
  }
}

/**
 * The cheapest rows any engine must write for the same approval, as plain SQL: the instance and
 * its first open task (a to-do list reads it) with the submission's history row; at each
 * approval the task closed, the next one opened (or the instance ended) and the decision's
 * history row — one statement per step, no token rows, no history of passing through nodes.
 */
async function cheapestProcess(database: TestDatabase, definitionId: number): Promise<void> {
  const instance = await withTenant(
    database.db,
    TENANT,
    async (tx) =>
      (
        await one<{ id: number }>(
          tx,
          sql`with i as (insert into wf_instance (definition_id, starter_id, title) values (${definitionId}, ${STARTER}, 'bench') returning id),
          t as (insert into wf_task (instance_id, execution_id, node_id, node_name, assignee_id) select i.id, 0, 'a', 'a', 1 from i),
          h as (insert into wf_history (instance_id, node_id, event, action, user_id) select i.id, 'start', 'leave', 'start', ${STARTER} from i)
          select id from i`,
        )
      ).id,
  );
  for (const [user, node, next] of [
    [1, 'a', 'b'],
    [2, 'b', null],
  ] as const) {
    await withTenant(database.db, TENANT, async (tx) => {
      const task = await openTaskId(tx, instance);
      const done = sql`update wf_task set state = 'completed', action = 'approve', completed_by = ${user}, completed_at = now()
        where id = ${task} and state = 'open' returning instance_id`;
      const then = next
        ? sql`insert into wf_task (instance_id, execution_id, node_id, node_name, assignee_id, previous_task_id) select instance_id, 0, ${next}, ${next}, 2, ${task} from done`
        : sql`update wf_instance set state = 'completed', ended_at = now() where id in (select instance_id from done)`;
      await tx.execute(sql`with done as (${done}), step as (${then})
        insert into wf_history (instance_id, node_id, event, action, user_id, task_id) select instance_id, ${node}, 'leave', 'approve', ${user}, ${task} from done`);
    });
  }
}

/** Runs `work` `count` times with `concurrency` workers; the milliseconds it took. */
async function timed(count: number, concurrency: number, work: () => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        await work();
      }
    }),
  );
  return performance.now() - started;
}

/**
 * Processes per second of each side, N each, measured in alternating rounds (each side in turn,
 * round after round): a machine that speeds up or slows down during the run weighs on all alike.
 */
async function measureSides<K extends string>(
  concurrency: number,
  sides: Record<K, () => Promise<void>>,
): Promise<{ rates: Record<K, number>; cpu: Record<K, number> }> {
  const ROUNDS = 4;
  const perRound = Math.ceil(N / ROUNDS);
  const names = Object.keys(sides) as K[];
  const spent = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
  const cpu = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      const before = process.cpuUsage();
      spent[name] += await timed(perRound, concurrency, sides[name]);
      const used = process.cpuUsage(before);
      cpu[name] += (used.user + used.system) / 1000;
    }
  }
  const count = perRound * ROUNDS;
  return {
    rates: Object.fromEntries(names.map((name) => [name, count / (spent[name] / 1000)])) as Record<K, number>,
    // This process's CPU (the engine's Node side, or the floor's driver work) per process, in ms.
    cpu: Object.fromEntries(names.map((name) => [name, cpu[name] / count])) as Record<K, number>,
  };
}

export async function benchWorkflow(): Promise<string[]> {
  const lines: string[] = [];
  for (const kind of DATABASES) {
    process.env.TEST_DB = kind;
    if (kind === 'postgres' && !(await postgresReachable())) {
      lines.push('workflow engine on postgres: skipped (PostgreSQL not reachable)');
      continue;
    }
    const database = await openTestDatabase({ poolSize: 20 });
    try {
      const definition = await withTenant(database.db, TENANT, async (tx) => {
        for (const m of MODELS.slice(1)) await engine.deploy(tx, { key: m.key, name: m.key, xml: m.xml });
        return engine.deploy(tx, { key: MODELS[0].key, name: MODELS[0].key, xml: MODELS[0].xml });
      });
      await timed(N / 4, 4, () => engineProcess(database, 'bench')); // warm-up
      await timed(N / 4, 4, () => baselineProcess(database, definition.id));
      await timed(N / 4, 4, () => cheapestProcess(database, definition.id));
      // The or-sign case beside the single-approver one, against the same single-approver floors.
      const target = kind === 'postgres' ? 0.5 : 0.3;
      for (const model of MODELS) {
        const rates: number[] = [];
        for (const concurrency of CONCURRENCY) {
          const { rates: rate, cpu } = await measureSides(concurrency, {
            cheapest: () => cheapestProcess(database, definition.id),
            ownRows: () => baselineProcess(database, definition.id),
            engine: () => engineProcess(database, model.key),
          });
          rates.push(rate.engine);
          const ratio = rate.engine / rate.cheapest;
          lines.push(
            `workflow ${model.label} on ${kind}, concurrency ${concurrency}: engine ${rate.engine.toFixed(1)}/s; cheapest rows ${rate.cheapest.toFixed(1)}/s, ratio ${ratio.toFixed(2)} (target ≥ ${target}: ${ratio >= target ? 'met' : 'MISSED'}); its own rows as plain SQL ${rate.ownRows.toFixed(1)}/s, ratio ${(rate.engine / rate.ownRows).toFixed(2)}; Node CPU per process: engine ${cpu.engine.toFixed(2)} ms, cheapest ${cpu.cheapest.toFixed(2)} ms`,
          );
        }
        const gain = rates[rates.length - 1] / rates[0];
        lines.push(
          `workflow ${model.label} on ${kind}: ${CONCURRENCY.at(-1)} clients / 1 client = ${gain.toFixed(2)}x${kind === 'postgres' ? ` (target ≥ 2: ${gain >= 2 ? 'met' : 'MISSED'})` : ''}`,
        );
      }
    } finally {
      await database.close();
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchWorkflow()) console.log(line);
}
