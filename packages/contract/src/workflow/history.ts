/**
 * Every action the engine writes on a history row (what was done at a node, or to the process).
 * The engine types its history rows with it and the console labels each one in zh, en and ja.
 */
export const HISTORY_ACTIONS = [
  'start',
  'approve',
  'reject',
  'reinitiate',
  'autoAgree',
  'transfer',
  'delegate',
  'delegateReturn',
  'assign',
  'cc',
  'saveForm',
  'sign',
  'withdraw',
  'suspend',
  'resume',
  'delete',
  'addCounterSigner',
  'removeCounterSigner',
  'service',
  'serviceError',
  'message',
  'signal',
  'timer',
  'timeout',
  'overdue',
  'remind',
  'changeVersion',
  'interrupted',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
