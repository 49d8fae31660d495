/*
 * The tenant table kit lives in @macro/store so the workflow engine declares its tables with the
 * same policy; the server's modules keep importing it from here.
 */
export * from '@macro/store/tables';
