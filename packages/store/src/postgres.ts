import { sql } from 'drizzle-orm';
import { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, openAhead, sentAhead, settleAhead, type Tx } from './index.ts';

/**
 * A session whose transactions send BEGIN without waiting for its answer: on a pool that
 * pipelines (`pipelinedPool`), BEGIN travels with the transaction's first statement, one round
 * trip instead of two. The transaction takes statements sent ahead (`sendAhead`); COMMIT follows
 * them on the wire, and a transaction one of them failed in throws that statement's error (its
 * COMMIT was a rollback).
 */
class PipelinedSession extends NodePgSession<Record<string, never>, never> {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sqlDialect: PgDialect,
  ) {
    super(pool, sqlDialect, undefined);
  }

  override async transaction<T>(work: (tx: NodePgTransaction<Record<string, never>, never>) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    if (config) return super.transaction(work, config);
    const client = await this.pool.connect();
    const tx = new NodePgTransaction<Record<string, never>, never>(this.sqlDialect, new NodePgSession(client, this.sqlDialect, undefined), undefined);
    openAhead(tx as unknown as Tx, tx.execute(sql`begin`));
    let broken = false;
    try {
      const result = await work(tx);
      const commit = sentAhead(tx.execute(sql`commit`));
      await settleAhead(tx as unknown as Tx);
      await commit.settled();
      return result;
    } catch (error) {
      const cause = await settleAhead(tx as unknown as Tx, error);
      await tx.execute(sql`rollback`).catch(() => {
        broken = true;
      });
      throw cause;
    } finally {
      // A connection that could not roll back is closed, never handed to the next request.
      client.release(broken);
    }
  }
}

/**
 * A pool of PostgreSQL connections that pipeline: a statement is written at once, not after the
 * answer to the one before it. An idle connection the server drops (restart,
 * pg_terminate_backend) is removed and replaced on the next checkout, and reported to `lost`
 * (without a listener pg would crash the process).
 */
export function pipelinedPool(connectionString: string, max: number, lost: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, pipeline: true } as pg.PoolConfig);
  pool.on('error', (error) => {
    if (!pool.ending) lost(error);
  });
  pool.on('connect', writesPerTurn);
  return pool;
}

/**
 * The statements a connection is given in one turn of the event loop leave in one write (BEGIN
 * with the first statement, a write sent ahead with the one after it, the last with COMMIT):
 * one system call where there was one per statement. The stream is held from the first until
 * the turn's queued work is done (`setImmediate`).
 */
function writesPerTurn(client: pg.PoolClient): void {
  const { stream } = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let held = false;
  const release = () => {
    held = false;
    stream.uncork();
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    if (!held) {
      held = true;
      stream.cork();
      setImmediate(release);
    }
    return query(...args);
  };
}

/** A drizzle database over a pool whose transactions pipeline their BEGIN and take statements sent ahead. */
export function pipelinedDb(pool: pg.Pool): Db {
  const dialect = new PgDialect();
  return new NodePgDatabase(dialect, new PipelinedSession(pool, dialect), undefined) as unknown as Db;
}
