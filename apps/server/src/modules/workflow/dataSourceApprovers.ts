import { INT_MAX } from '@macro/contract';
import type { DataSource, DataSourceParameter, ParameterValues } from '@macro/contract/datasources';
import { type AuditPort, type Ctx, rowsOf, TENANT_SETTING, type Tx } from '@macro/store';
import { type ApproverDataSource, type ResolveContext, refuse, type WorkflowEngine, wfDefinitions, wfInstances } from '@macro/workflow';
import { inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { Use } from '../../platform/references.ts';
import { type DataSourceReader, typedParameterValue } from '../datasources/public.ts';
import { users } from '../identity/public.ts';
import { wfSchemes } from './tables.ts';

/** The value of a data source's parameter in a process: the instance's own ids by those names, else the form field of its name. */
function processValue(name: string, context: ResolveContext): unknown {
  if (name === 'starterId') return context.starterId;
  if (name === 'instanceId') return context.instanceId;
  return context.variables[name];
}

/**
 * The data source's parameters as the process gives them, each checked against its declared
 * type. One the process does not hold takes its default; a required one without a default, or a
 * value of another type, refuses the operation naming the node (the process gave it, not a caller).
 */
function parameterValues(source: DataSource, context: ResolveContext): ParameterValues {
  const node = context.nodeName;
  const given: ParameterValues = {};
  for (const parameter of source.parameters) {
    const value = processValue(parameter.name, context);
    if (value === undefined || value === null || value === '') {
      if (parameter.required && parameter.defaultValue === '')
        refuse('workflow.approverParameterMissing', `node ${node}: the approver data source needs ${parameter.name}`, { node, name: parameter.name });
      continue;
    }
    if (!fits(parameter, value))
      refuse('workflow.approverParameterInvalid', `node ${node}: ${parameter.name} does not fit its type`, { node, name: parameter.name });
    given[parameter.name] = value as string | number | boolean;
  }
  return given;
}

const fits = (parameter: DataSourceParameter, value: unknown) =>
  (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && typedParameterValue(parameter, value) !== undefined;

/** A user id as a database hands it out (a number, or digits: PostgreSQL's bigint, MySQL's decimals), else undefined. */
function userIdOf(value: unknown): number | undefined {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'bigint' || (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()))
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= INT_MAX ? id : undefined;
}

/**
 * SQL approver rules that name a data source. The data source runs through its module's reader:
 * its record and its link's are read in the operation's own transaction, the query on the link's
 * pool (read-only, with the link's time-out and the reader's row cap). The approvers are the
 * values of the rule's column (else the first column) that are users of the tenant: as an inline
 * query over the approver views finds only those, ids of nobody here are dropped.
 */
export function dataSourceApprovers(sources: DataSourceReader, audit: AuditPort) {
  /** The reader's context inside an engine operation: the operation's transaction, acting for the workflow. */
  async function contextOf(tx: Tx): Promise<Ctx> {
    const [{ tenant }] = rowsOf<{ tenant: string }>(await tx.execute(sql`select current_setting(${TENANT_SETTING}, true) as tenant`));
    return { tx, audit, actor: { tenantId: tenant, userId: null, account: 'workflow', ip: '', language: 'zh' } };
  }

  return {
    /** Whether the tenant has the data source (another tenant's is not seen), held while the model naming it is deployed. */
    has: (tx: Tx, id: number): Promise<boolean> => sources.hold(tx, id),

    async resolve(tx: Tx, rule: ApproverDataSource, context: ResolveContext): Promise<number[]> {
      const node = context.nodeName;
      const source = await sources.detail(tx, rule.id).catch((error: unknown) => {
        // Removed after the model was deployed.
        if (error instanceof AppError && error.status === 404)
          refuse('workflow.approverDataSourceGone', `node ${node}: the approver data source ${rule.id} does not exist`, { node });
        throw error;
      });
      const page = await sources.rows(await contextOf(tx), rule.id, parameterValues(source, context));
      const column = rule.column ?? page.columns[0]?.name;
      if (rule.column && !page.columns.some((c) => c.name === rule.column))
        refuse('workflow.approverColumnMissing', `node ${node}: the approver data source has no column ${rule.column}`, { node, column: rule.column });
      if (column === undefined) return [];
      const ids = [...new Set(page.records.map((record) => userIdOf(record[column])).filter((id): id is number => id !== undefined))];
      if (!ids.length) return [];
      const known = new Set((await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((row) => row.id));
      return ids.filter((id) => known.has(id));
    },
  };
}

/**
 * The approver rules that name one of the data sources `ids`: in the latest version of each
 * template (what starts next) and in any version processes still run on (their next nodes
 * resolve it). What keeps a data source from being removed.
 */
export async function approverRulesUsing(tx: Tx, engine: WorkflowEngine, ids: readonly number[]): Promise<Use[]> {
  const wanted = new Set(ids);
  const definitions = rowsOf<{ id: number; version: number; name: string }>(
    await tx.execute(sql`select d.id, d.version, coalesce(s.name, d.name) as name
      from ${wfDefinitions} d left join ${wfSchemes} s on s.code = d.key
      where position('dataSource' in d.xml) > 0
        and ((s.id is not null and d.version = (select max(d2.version) from ${wfDefinitions} d2 where d2.key = d.key))
          or exists (select 1 from ${wfInstances} i where i.definition_id = d.id and i.state in ('running', 'suspended')))
      order by d.id`),
  );
  const uses: Use[] = [];
  for (const definition of definitions) {
    for (const node of (await engine.modelOf(tx, Number(definition.id))).nodes.values()) {
      const source = node.settings.approver?.dataSource;
      if (source && wanted.has(source.id))
        uses.push({
          id: source.id,
          message: 'workflow.dataSourceUsed',
          params: { model: String(definition.name), version: Number(definition.version), node: node.name || node.id },
        });
    }
  }
  return uses;
}
