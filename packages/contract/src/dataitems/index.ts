export * from './endpoints.ts';
