// The kit every domain builds on. Domains are imported by their own path:
// `@macro/contract/dict`, `@macro/contract/auth`, …
export * from './columnNames.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './fileNames.ts';
export * from './images.ts';
export * from './languages.ts';
export * from './messages.ts';
export * from './routes.ts';
export * from './text.ts';
export * from './validators.ts';
export * from './validatorSchemas.ts';
