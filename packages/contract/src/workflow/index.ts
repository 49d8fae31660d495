export * from './endpoints.ts';
export * from './permissions.ts';
export * from './schemas.ts';
export * from './bpmn.ts';
export * from './correlation.ts';
export * from './history.ts';
export * from './paths.ts';
