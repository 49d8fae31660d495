export * from './modules/audit/tables.ts';
export * from './modules/auth/tables.ts';
export * from './modules/dict/tables.ts';
export * from './modules/menus/tables.ts';
export * from './modules/tenants/tables.ts';
export * from './modules/users/tables.ts';
