export * from './endpoints.ts';
export * from './permissions.ts';
export * from './schemas.ts';
export * from './format.ts';
