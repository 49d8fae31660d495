import { describe, expect, it } from 'vitest';
import { inRange, ipBytes, ipRange, isPublicAddress } from './addresses.ts';
import { readConfig } from './config.ts';
import { outboundPolicy } from './outbound.ts';

/** The address a URL's host is, as the URL parser reads it (brackets dropped). */
const hostAddress = (host: string) => new URL(`http://${host}:8080/x`).hostname.replace(/^\[(.*)\]$/, '$1');
const isPublic = (address: string) => {
  const bytes = ipBytes(address);
  if (!bytes) throw new Error(`not an address: ${address}`);
  return isPublicAddress(bytes);
};

describe('outbound addresses', () => {
  it('reads every spelling of loopback in a URL as an address, and none of them is public', () => {
    const spellings: [string, string][] = [
      ['127.0.0.1', '127.0.0.1'],
      ['[::1]', '::1'],
      ['[0:0:0:0:0:0:0:1]', '::1'],
      ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
      ['[::127.0.0.1]', '::7f00:1'],
      ['2130706433', '127.0.0.1'],
      ['0177.0.0.1', '127.0.0.1'],
      ['0x7f000001', '127.0.0.1'],
      ['0x7f.1', '127.0.0.1'],
      ['127.1', '127.0.0.1'],
      ['127.0.0.1.', '127.0.0.1'],
      ['%31%32%37.0.0.1', '127.0.0.1'],
      ['0.0.0.0', '0.0.0.0'],
      ['0', '0.0.0.0'],
      ['[::]', '::'],
    ];
    for (const [host, address] of spellings) {
      expect(hostAddress(host), host).toBe(address);
      expect(isPublic(address), host).toBe(false);
    }
    // A zone id is no URL host at all.
    expect(() => new URL('http://[fe80::1%25eth0]/')).toThrow();
  });

  it('refuses the internal ranges and passes public unicast', () => {
    const internal = [
      '127.255.255.254',
      '0.1.2.3',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.169.254',
      '169.254.0.1',
      '192.0.0.8',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '198.19.255.255',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'febf::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      'ff0e::1',
      'fec0::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '::ffff:0:8.8.8.8',
      '::8.8.8.8',
      '::10.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.1.2.3',
      '64:ff9b:1::1',
      '2002:7f00:1::1',
      '2002:a00:1::',
      '2002:a9fe:a9fe::1',
      '2001::1',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      '4000::1',
    ];
    for (const address of internal) expect(isPublic(address), address).toBe(false);
    const publicOnes = [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.215.14',
      '172.15.255.255',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '198.17.255.255',
      '198.20.0.1',
      '223.255.255.255',
      '2606:4700:4700::1111',
      '2a00:1450:4001:800::200e',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ];
    for (const address of publicOnes) expect(isPublic(address), address).toBe(true);
  });

  it('reads addresses and ranges exactly', () => {
    expect([...(ipBytes('::ffff:1.2.3.4') ?? [])]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]);
    expect([...(ipBytes('1::2') ?? [])]).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    for (const text of ['', 'localhost', '127.1', '0177.0.0.1', 'fe80::1%eth0', '1.2.3.4.5']) expect(ipBytes(text), text).toBeNull();
    for (const text of ['10.0.0.0/33', '::/129', '10.0.0.0/8/8', '10.0.0.0/x', 'example.com/8']) expect(ipRange(text), text).toBeNull();
    const range = ipRange('172.16.0.0/12')!;
    expect(inRange(ipBytes('172.31.0.1')!, range)).toBe(true);
    expect(inRange(ipBytes('172.32.0.1')!, range)).toBe(false);
    expect(inRange(ipBytes('::ffff:172.16.0.1')!, range)).toBe(false);
    expect(inRange(ipBytes('10.9.9.9')!, ipRange('0.0.0.0/0')!)).toBe(true);
  });

  it('parses an allow-list of names, addresses and ranges, and refuses anything else', () => {
    const policy = outboundPolicy([' ERP.Example.com. ', '127.0.0.1', '10.0.0.0/8', '[::1]', 'fd00::/8', '0x7f000002', '']);
    expect(policy.listed).toBe(true);
    expect([...policy.names]).toEqual(['erp.example.com']);
    expect(policy.ranges.map((r) => r.prefix)).toEqual([32, 8, 128, 8, 32]);
    expect(outboundPolicy([]).listed).toBe(false);
    for (const entry of ['http://erp.example.com', 'erp.example.com:8080', '*.example.com', 'user@host', '10.0.0.0/33', 'a b']) {
      expect(() => outboundPolicy([entry]), entry).toThrow(/is not a host name/);
    }
    expect(() => readConfig({ MACRO_SERVICE_HOSTS: 'erp.example.com,https://x/' })).toThrow(/MACRO_SERVICE_HOSTS/);
    expect(readConfig({ MACRO_SERVICE_HOSTS: 'erp.example.com, 10.0.0.0/8' }).serviceHosts).toEqual(['erp.example.com', '10.0.0.0/8']);
  });
});
