export * from './annexes.ts';
export * from './check.ts';
export * from './endpoints.ts';
export * from './fields.ts';
export * from './permissions.ts';
export * from './schemas.ts';
export * from './system.ts';
