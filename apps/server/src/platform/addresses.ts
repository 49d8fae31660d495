import { isIP } from 'node:net';

/** An IP address as its bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array;

/** A CIDR range: the first address's bytes and how many leading bits are fixed. */
export interface IpRange {
  bytes: IpBytes;
  prefix: number;
}

/** The bytes of an address in canonical text (`net.isIP` form, no brackets, no zone); null for anything else. */
export function ipBytes(text: string): IpBytes | null {
  const family = isIP(text);
  if (family === 4) return Uint8Array.from(text.split('.').map(Number));
  if (family !== 6 || text.includes('%')) return null;
  let head = text;
  const tail: number[] = [];
  // A dotted IPv4 ending (`::ffff:127.0.0.1`) is the last two groups.
  const dotted = head.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    head = `${dotted[1]}0:0`;
    tail.push(...dotted[2].split('.').map(Number));
  }
  const [left, right] = head.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const before = groups(left);
  const after = groups(right);
  const all = right === undefined ? before : [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  if (tail.length) bytes.set(tail, 12);
  return bytes;
}

/** A range `address/prefix` (a bare address is its own /32 or /128); null when it is not one. */
export function ipRange(text: string): IpRange | null {
  const [address, prefixText, extra] = text.split('/');
  if (extra !== undefined) return null;
  const bytes = ipBytes(address.replace(/^\[(.*)\]$/, '$1'));
  if (!bytes) return null;
  const bits = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { bytes, prefix: Number(prefixText) };
}

/** Whether the address lies in the range (an IPv4 range never holds an IPv6 address, nor the other way). */
export function inRange(address: IpBytes, range: IpRange): boolean {
  if (address.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const mask = range.prefix - bit >= 8 ? 0xff : (0xff << (8 - (range.prefix - bit))) & 0xff;
    if ((address[bit / 8] & mask) !== (range.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

const ranges = (...texts: string[]) => texts.map((text) => ipRange(text) as IpRange);

/** IPv4 that is not one public host: the special-purpose ranges of IANA's registry, multicast and reserved. */
const INTERNAL_V4 = ranges(
  '0.0.0.0/8', // "this network", 0.0.0.0 included
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254) included
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, 255.255.255.255 broadcast included
);

/** IPv6 forms that carry an IPv4 address, and where: a call to them reaches (or is translated to) that IPv4 host. */
const EMBEDDING_V6: { range: IpRange; at: number; refused: boolean }[] = [
  // IPv4-mapped, IPv4-translated and IPv4-compatible (::a.b.c.d, :: and ::1 included): never a public host's address.
  { range: ranges('::ffff:0:0/96')[0], at: 12, refused: true },
  { range: ranges('::ffff:0:0:0/96')[0], at: 12, refused: true },
  { range: ranges('::/96')[0], at: 12, refused: true },
  // NAT64 and 6to4 reach the IPv4 host they embed: as public as it is.
  { range: ranges('64:ff9b::/96')[0], at: 12, refused: false },
  { range: ranges('2002::/16')[0], at: 2, refused: false },
];

/** Global unicast IPv6 is 2000::/3; these parts of it are not public hosts. */
const GLOBAL_V6 = ranges('2000::/3')[0];
const INTERNAL_V6 = ranges(
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation
);

/**
 * Whether an address is one public unicast host. Everything else — loopback, unspecified,
 * private, CGNAT, link-local, unique-local, multicast, reserved, documentation and benchmarking
 * ranges, IPv4-mapped/compatible IPv6, and NAT64/6to4 of such an IPv4 — is internal. An IPv6
 * address outside global unicast (2000::/3) is internal too: unique-local fc00::/7, link-local
 * fe80::/10 and multicast ff00::/8 are outside it.
 */
export function isPublicAddress(address: IpBytes): boolean {
  if (address.length === 4) return !INTERNAL_V4.some((range) => inRange(address, range));
  for (const { range, at, refused } of EMBEDDING_V6) {
    if (inRange(address, range)) return !refused && isPublicAddress(address.slice(at, at + 4));
  }
  return inRange(address, GLOBAL_V6) && !INTERNAL_V6.some((range) => inRange(address, range));
}

/** The company's own networks: private IPv4 (RFC 1918), carrier-grade NAT and unique-local IPv6 (fc00::/7). */
const COMPANY = ranges('10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7');

/** Whether an address lies in one of the company's own networks (never loopback, link-local or metadata). */
export function isCompanyAddress(address: IpBytes): boolean {
  return COMPANY.some((range) => inRange(address, range));
}
