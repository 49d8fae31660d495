import type { Tx } from '@macro/store';
import type { ApproverRule } from '../definitions/settings.ts';

export interface ResolveContext {
  instanceId: number;
  starterId: number;
  nodeId: string;
  /** The node's name (its id when it has none), for a refusal that names it. */
  nodeName: string;
  variables: Record<string, unknown>;
}

/**
 * Finds the users a rule names. The engine resolves person, form field and node-approver rules
 * and inline SQL itself and asks this port for roles, posts, the superior and SQL rules naming a
 * data source (the server answers from its organisation tables and its data sources).
 */
export interface ApproverResolver {
  resolve(tx: Tx, rule: ApproverRule, context: ResolveContext): Promise<number[]>;
  /**
   * Whether the tenant has the data source `id`: asked when a model whose SQL rule names one is
   * deployed or linted. A resolver without it runs no data sources, so such a rule is refused.
   */
  hasDataSource?(tx: Tx, id: number): Promise<boolean>;
}

/**
 * Runs a service task: an HTTP call or a built-in; what it returns is merged into the variables.
 * A failure an error boundary event may catch is thrown as a `ServiceFailure` with its code.
 */
export interface ServicePort {
  invoke(
    tx: Tx,
    call: { kind: 'http' | 'builtin'; name?: string; url?: string; method?: string; instanceId: number; nodeId: string; variables: Record<string, unknown> },
  ): Promise<Record<string, unknown> | undefined>;
}

/**
 * Standing delegations (a user's tasks go to a deputy for a time range, optionally for one
 * process): the server's delegates module answers. A task made for a user with an active
 * delegation goes to the deputy, who acts and hands it back to the owner.
 */
export interface DelegationPort {
  activeDelegateFor(tx: Tx, userId: number, processKey: string, at: Date): Promise<number | null>;
}

/** One firing of a non-interrupting timer on a user task: its open tasks' actors are reminded. */
export interface Reminder {
  instanceId: number;
  /** The instance's title. */
  title: string;
  nodeId: string;
  nodeName: string;
  /** The open tasks and the users who can act on them (each once). */
  taskIds: number[];
  userIds: number[];
  /** Which firing this is, from 1, and how many the timer has (absent: until the task ends). */
  repetition: number;
  times?: number;
  /** When it fired, by the engine's clock. */
  at: Date;
}

/** Reminds people of their tasks (the server sends each a message to the console's bell). */
export interface ReminderPort {
  remind(tx: Tx, reminder: Reminder): Promise<void>;
}

/**
 * What people taking part should hear of, as the engine does it (the server turns each into
 * messages in their bell and, by their preference, e-mail or a work notification). `actorId` is
 * who did it (0 for the engine's own timers); nobody is told of what they did themselves.
 */
export type WorkflowEvent = { instanceId: number; title: string; starterId: number; actorId: number; at: Date } & (
  | {
      /** A task is there for `userIds` to act on: its holder, or an unclaimed task's candidates. */
      kind: 'taskArrived';
      taskId: number;
      nodeName: string;
      userIds: number[];
      /** How it came to them: reached in the flow, or handed over to them. */
      via: 'flow' | 'transfer' | 'delegate' | 'assign';
    }
  | { kind: 'overdue'; taskId: number; nodeName: string; userIds: number[] }
  /** A node rejected the request back to `targetName` with `comment`. */
  | { kind: 'rejected'; nodeName: string; targetName: string; comment: string }
  /** The starter or an approver took back a completion: the tasks it created are gone from `userIds`. */
  | { kind: 'withdrawn'; nodeName: string; userIds: number[] }
  | { kind: 'carbonCopy'; userIds: number[] }
  /** The request ended: approved to its end, or terminated. */
  | { kind: 'ended'; outcome: 'completed' | 'terminated' }
);

export interface NotificationPort {
  notify(tx: Tx, event: WorkflowEvent): Promise<void>;
}

export interface EngineOptions {
  resolver: ApproverResolver;
  delegation?: DelegationPort;
  reminders?: ReminderPort;
  /** Told of arrivals, decisions and endings inside the operation's transaction (see WorkflowEvent). */
  notifications?: NotificationPort;
  services?: ServicePort;
  /** Whether the definition of a key may start on a message or signal (the server: its template is enabled); absent, every one may. */
  startable?: (tx: Tx, definitionKey: string) => Promise<boolean>;
  /** The time the engine sees (timers, due dates); tests move it. */
  clock?: () => Date;
}
