/** Every call sits under /api. */
export const API_PREFIX = '/api';

/** Headers of the spec's client: the tenant at sign-in, the user's token afterwards. */
export const TENANT_HEADER = 'tenant-id';
export const AUTH_HEADER = 'macro-auth';
