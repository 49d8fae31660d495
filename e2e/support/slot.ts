/**
 * Each Playwright worker has a server of its own, on its own database (server.mjs): worker slot `n`
 * (TEST_PARALLEL_INDEX, set in the worker before the config is read) talks to the server on
 * `E2E_PORT + 10 n`, and that server's stand-ins (WeChat Work, the place search) listen 1000 and
 * 1001 above it.
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 8188);

/** How many workers, hence servers: three on a two-core machine (a test spends a third of its time waiting on the page or the server), `E2E_WORKERS` to change it. */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

export const serverPort = (slot: number) => BASE_PORT + 10 * slot;

/** Where servers.mjs answers once every worker's server does (the port below the first server's). */
export const READY_PORT = BASE_PORT - 1;

/** This worker's server (slot 0 in the runner itself). */
export const SERVER_PORT = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** Where this worker's server is told the WeChat Work stand-in listens. */
export const WECOM_PORT = SERVER_PORT + 1000;

/** Where this worker's server is told the place search stand-in listens. */
export const GEOCODER_PORT = SERVER_PORT + 1001;
