export { MACRO_URI, macroDescriptor } from '@macro/contract/workflow';
export * from './definitions/model.ts';
export * from './definitions/moddle.ts';
export * from './definitions/settings.ts';
export * from './errors.ts';
export * from './runtime/engine.ts';
export * from './runtime/ports.ts';
export * from './tables.ts';
// The engine's operations are methods of WorkflowEngine; these files give their input and result types.
export type { RejectInput, WithdrawInput } from './runtime/moves.ts';
export type { AssignInput, CarbonCopyInput, DraftInput, HandOverInput, InstanceInput, PageInput } from './runtime/tasks.ts';
export type { CorrelateInput } from './runtime/messages.ts';
export type { SignalInput, SignalResult } from './runtime/signals.ts';
export type { TimerChange, VersionChangeInput, VersionChangeReport } from './runtime/migrate.ts';
export type { CounterSignersInput } from './runtime/counterSign.ts';
// Pure helpers and SQL predicates the server's lists and forms build on.
export * from './runtime/approverSql.ts';
export { assertWritable, fieldPermission, visibleData, visibleToViewer } from './runtime/forms.ts';
export * from './runtime/actors.ts';
