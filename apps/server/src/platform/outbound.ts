import { lookup as systemLookup } from 'node:dns/promises';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { inRange, type IpRange, ipBytes, ipRange, isCompanyAddress, isPublicAddress } from './addresses.ts';
import { AppError } from './errors.ts';

/**
 * Where outgoing HTTP written by administrators (service tasks, HTTP interfaces, scheduled calls,
 * providers) may go. Without entries: any public host. With entries (host names, IP addresses,
 * CIDR ranges): a host whose name is listed, or whose addresses lie in a listed range. An internal
 * address (loopback, private, link-local, … see `isPublicAddress`) is reached only when an address
 * or range entry covers it; a listed name that resolves to one is still refused.
 */
export interface OutboundPolicy {
  /** Whether any entry was given (then only listed hosts may be called). */
  listed: boolean;
  /** Host names, lower case, without a trailing dot. */
  names: ReadonlySet<string>;
  ranges: readonly IpRange[];
  /**
   * Without entries, whether the company's own networks (private and unique-local ranges, CGNAT)
   * are reachable besides public hosts: yes for database links, no for HTTP. Loopback, link-local
   * (the cloud metadata address included) and the unspecified address stay refused either way.
   */
  company: boolean;
}

const HOST_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** A host name as compared: the URL parser's form (lower case, punycode) without a final dot. */
const nameOf = (host: string) => host.replace(/\.$/, '');

/** The policy of an allow-list's entries; an entry that is no host name, address or range throws. */
export function outboundPolicy(entries: readonly string[], options: { company?: boolean } = {}): OutboundPolicy {
  const names = new Set<string>();
  const ranges: IpRange[] = [];
  for (const entry of entries.map((e) => e.trim()).filter(Boolean)) {
    const range = ipRange(entry.toLowerCase());
    if (range) {
      ranges.push(range);
      continue;
    }
    let host = '';
    try {
      if (!/[\s/?#@\\:]/.test(entry)) host = new URL(`http://${entry}`).hostname;
    } catch {}
    // The URL parser reads `127.1` or `0x7f000001` as the address they spell.
    const address = ipRange(host);
    if (address) ranges.push(address);
    else if (HOST_NAME.test(nameOf(host))) names.add(nameOf(host));
    else throw new Error(`"${entry}" is not a host name, an IP address or a CIDR range`);
  }
  return { listed: names.size + ranges.length > 0, names, ranges, company: options.company ?? false };
}

/** Resolves a host name to every address it has; the system's resolver unless a test stands in. */
export type HostLookup = (host: string) => Promise<string[]>;

const lookupAll: HostLookup = async (host) => (await systemLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export interface OutboundRequest {
  /** GET, POST, … (POST when absent); GET and HEAD send no body. */
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole call, name resolution to the answer's last byte. */
  timeoutMs: number;
  /** The most the answer's body may weigh. */
  maxBytes: number;
  lookup?: HostLookup;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Why a call did not get an answer: `refused` is the policy's, decided before any connection. */
export type OutboundFailure = 'address' | 'refused' | 'timeout' | 'unreachable' | 'tooLarge';

const FAILURE_STATUS: Record<OutboundFailure, number> = { address: 422, refused: 422, timeout: 502, unreachable: 502, tooLarge: 502 };

/** A call that failed, worded by `common.outbound<Reason>` when the caller lets it through. */
export class OutboundError extends AppError {
  constructor(
    readonly reason: OutboundFailure,
    params: Record<string, string | number> = {},
  ) {
    super(FAILURE_STATUS[reason], `common.outbound${reason.charAt(0).toUpperCase()}${reason.slice(1)}`, params);
  }
}

/** `localhost` and its sub-domains are loopback by definition (RFC 6761), whatever a resolver says. */
const isLocalhost = (name: string) => name === 'localhost' || name.endsWith('.localhost');

/**
 * The address to connect to for `hostname` (a name, an IP address, or an IPv6 address in
 * brackets): every address of the host must be allowed, else it is refused before any connection,
 * so a refused target answers alike whether anything listens there. Connect to exactly the
 * address returned: a second resolution could be answered differently by a rebinding name.
 */
export async function checkedHost(hostname: string, policy: OutboundPolicy, lookup: HostLookup = lookupAll, deadline?: Promise<never>): Promise<string> {
  const literal = hostname.replace(/^\[(.*)\]$/, '$1');
  const name = isIP(literal) ? null : nameOf(hostname.toLowerCase());
  const nameListed = name !== null && policy.names.has(name);
  if (policy.listed && !nameListed && policy.ranges.length === 0) throw new OutboundError('refused');
  let addresses: string[];
  if (name === null) addresses = [literal];
  else if (isLocalhost(name)) addresses = ['127.0.0.1'];
  else {
    try {
      addresses = await (deadline ? Promise.race([lookup(hostname), deadline]) : lookup(hostname));
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      // A name no resolver knows answers as one that resolves to an internal address: the answer
      // must not tell which internal names exist.
      throw new OutboundError('refused');
    }
  }
  if (addresses.length === 0) throw new OutboundError('refused');
  for (const address of addresses) {
    const bytes = ipBytes(address);
    const reachable = bytes !== null && (isPublicAddress(bytes) || (policy.company && isCompanyAddress(bytes)));
    const allowed = bytes !== null && (policy.ranges.some((range) => inRange(bytes, range)) || (reachable && (!policy.listed || nameListed)));
    if (!allowed) throw new OutboundError('refused');
  }
  return addresses[0];
}

/**
 * Calls an http(s) address written by an administrator, within the policy. The host is resolved
 * once and the connection goes to exactly the address that was checked (no second resolution a
 * rebinding name could answer differently); the Host header and the TLS server name stay the
 * URL's, so certificates are verified against it. Redirects are not followed: a 3xx is the answer.
 */
export async function outboundFetch(target: string, policy: OutboundPolicy, request: OutboundRequest): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundError('address');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw new OutboundError('address');
  const signal = AbortSignal.timeout(request.timeoutMs);
  const timedOut = () => new OutboundError('timeout', { ms: request.timeoutMs });
  const deadline = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(timedOut()), { once: true }));
  deadline.catch(() => {});
  const address = await checkedHost(url.hostname, policy, request.lookup ?? lookupAll, deadline);
  const method = (request.method ?? 'POST').toUpperCase();
  const https = url.protocol === 'https:';
  const name = isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) ? undefined : nameOf(url.hostname);
  return new Promise<OutboundResponse>((resolve, reject) => {
    const fail = (error: unknown) => reject(error instanceof OutboundError ? error : signal.aborted ? timedOut() : new OutboundError('unreachable'));
    const options = {
      host: address,
      port: url.port ? Number(url.port) : undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers: { ...request.headers, host: url.host },
      agent: false as const,
      signal,
      ...(https && name ? { servername: name } : {}),
    };
    const outgoing = (https ? httpsRequest : httpRequest)(options, (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxBytes) {
          incoming.destroy(new OutboundError('tooLarge', { kb: Math.floor(request.maxBytes / 1024) }));
          return;
        }
        chunks.push(chunk);
      });
      incoming.on('error', fail);
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', fail);
    outgoing.end(method === 'GET' || method === 'HEAD' ? undefined : request.body);
  });
}
