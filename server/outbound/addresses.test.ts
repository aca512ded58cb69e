// Address classification, host canonical forms and OUTBOUND_ALLOW_HOSTS parsing: pure, no network.
import { describe, expect, it } from 'vitest';
import { addressOf, blockedNameClass, canonicalHost, classifyAddress } from './addresses';
import { parseAllowHosts } from './allow-list';
import { OutboundGuard } from './guard';
import { OutboundRefusedError } from './errors';
import { stubResolver } from '../../tests/fakes/stub-resolver';

describe('classifyAddress', () => {
  const cases: [string, string][] = [
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2001:db8::1', 'reserved'],
  ];
  for (const [address, kind] of cases) {
    it(`${address} is ${kind}`, () => expect(classifyAddress(address)).toBe(kind));
  }
});

describe('canonicalHost and addressOf', () => {
  it('reads decimal, octal and hexadecimal IPv4 forms as the address they are', () => {
    for (const form of ['2130706433', '0x7f.1', '0x7f000001', '0177.0.0.1', '017700000001', '127.1']) {
      expect(canonicalHost(form)).toBe('127.0.0.1');
    }
    expect(canonicalHost('0')).toBe('0.0.0.0');
    expect(addressOf(canonicalHost('0x7f.1')!)).toBe('127.0.0.1');
  });

  it('reads IPv6 with or without brackets, IPv4-mapped as IPv4', () => {
    expect(canonicalHost('[::1]')).toBe('::1');
    expect(canonicalHost('::1')).toBe('::1');
    expect(addressOf(canonicalHost('[::ffff:127.0.0.1]')!)).toBe('127.0.0.1');
    expect(addressOf(canonicalHost('[0:0:0:0:0:0:0:1]')!)).toBe('::1');
  });

  it('lower-cases names, drops a trailing dot and tells names from addresses', () => {
    expect(canonicalHost('Metadata.Google.Internal.')).toBe('metadata.google.internal');
    expect(addressOf('ollama.internal')).toBeNull();
    expect(canonicalHost('http://x')).toBeNull();
    expect(canonicalHost('a b')).toBeNull();
    expect(canonicalHost('host:80')).toBeNull();
  });

  it('refuses loopback and metadata names before any lookup', () => {
    expect(blockedNameClass('localhost')).toBe('loopback');
    expect(blockedNameClass('app.localhost')).toBe('loopback');
    expect(blockedNameClass('metadata.google.internal')).toBe('metadata');
    expect(blockedNameClass('ollama.internal')).toBeNull();
  });
});

describe('parseAllowHosts', () => {
  it('reads a comma-separated list of names and addresses in canonical form', () => {
    expect(parseAllowHosts(' 127.0.0.1, Ollama.Internal ,[::1],,0x7f.1')).toEqual({ hosts: ['127.0.0.1', 'ollama.internal', '::1'] });
    expect(parseAllowHosts(undefined)).toEqual({ hosts: [] });
  });

  it('names the first entry that is not a host name or address', () => {
    expect(parseAllowHosts('127.0.0.1,http://ollama.internal')).toEqual({ invalid: 'http://ollama.internal' });
    expect(parseAllowHosts('10.0.0.0/8')).toEqual({ invalid: '10.0.0.0/8' });
    expect(parseAllowHosts('ollama:11434')).toEqual({ invalid: 'ollama:11434' });
  });
});

describe('OutboundGuard.check', () => {
  const refusal = async (guard: OutboundGuard, url: string) => {
    try {
      await guard.check(new URL(url));
    } catch (error) {
      if (error instanceof OutboundRefusedError) return error.message;
      throw error;
    }
    return null;
  };

  it('refuses literal blocked addresses in every spelling, naming the host and why', async () => {
    const guard = new OutboundGuard({ allowHosts: [], resolver: stubResolver() });
    expect(await refusal(guard, 'http://127.0.0.1:11434/v1')).toMatch(/^The host 127\.0\.0\.1 is a loopback address; .*OUTBOUND_ALLOW_HOSTS/);
    expect(await refusal(guard, 'http://2130706433/')).toMatch(/^The host 127\.0\.0\.1 is a loopback address/);
    expect(await refusal(guard, 'http://0x7f.1/')).toMatch(/^The host 127\.0\.0\.1 is a loopback address/);
    expect(await refusal(guard, 'http://169.254.169.254/latest/meta-data')).toMatch(/^The host 169\.254\.169\.254 is a cloud metadata address/);
    expect(await refusal(guard, 'http://[::1]:8080/')).toMatch(/^The host ::1 is a loopback address/);
    expect(await refusal(guard, 'http://[::ffff:127.0.0.1]/')).toMatch(/^The host ::ffff:7f00:1 is a loopback address/);
    expect(await refusal(guard, 'http://[fe80::1]/')).toMatch(/is a link-local address/);
    expect(await refusal(guard, 'http://[fd00::5]/')).toMatch(/is a private address/);
    expect(await refusal(guard, 'http://0.0.0.0/')).toMatch(/is an unspecified address/);
    expect(await refusal(guard, 'http://[::]/')).toMatch(/is an unspecified address/);
    expect(await refusal(guard, 'http://10.0.0.1/')).toMatch(/is a private address/);
    expect(await refusal(guard, 'http://100.64.1.1/')).toMatch(/is a carrier-grade NAT address/);
    expect(await refusal(guard, 'http://metadata.google.internal/')).toMatch(/^The host metadata\.google\.internal is a cloud metadata name/);
    expect(await refusal(guard, 'http://localhost:11434/')).toMatch(/^The host localhost is a loopback name/);
    expect(await refusal(guard, 'ftp://8.8.8.8/')).toBe('Only http and https URLs can be called, not ftp.');
    expect(await refusal(guard, 'https://8.8.8.8/')).toBeNull();
  });

  it('refuses a name when any of its addresses is blocked, without saying which address', async () => {
    const guard = new OutboundGuard({ allowHosts: [], resolver: stubResolver({ 'mixed.test': ['8.8.8.8', '10.0.0.7'], 'fine.test': ['8.8.8.8', '2606:4700::1'] }) });
    const message = await refusal(guard, 'https://mixed.test/');
    expect(message).toMatch(/^The host mixed\.test resolves to a private address; /);
    expect(message).not.toContain('10.0.0.7');
    expect(await refusal(guard, 'https://fine.test/')).toBeNull();
  });

  it('lets through exactly the names and addresses of the allow-list', async () => {
    const resolver = stubResolver({ 'ollama.internal': ['10.0.0.9'], 'other.internal': ['10.0.0.9'], 'loop.test': ['127.0.0.1'] });
    const guard = new OutboundGuard({ allowHosts: ['ollama.internal', '127.0.0.1'], resolver });
    expect(await guard.check(new URL('http://ollama.internal:11434/'))).toEqual({ hostname: 'ollama.internal', address: { address: '10.0.0.9', family: 4 } });
    expect(await refusal(guard, 'http://other.internal/')).toMatch(/resolves to a private address/);
    expect(await refusal(guard, 'http://127.0.0.1:9/')).toBeNull();
    expect(await refusal(guard, 'http://2130706433:9/')).toBeNull();
    expect(await refusal(guard, 'http://[::ffff:127.0.0.1]:9/')).toBeNull();
    expect(await refusal(guard, 'http://loop.test/')).toBeNull();
    expect(await refusal(guard, 'http://127.0.0.2/')).toMatch(/is a loopback address/);
    expect(await refusal(guard, 'http://[::1]/')).toMatch(/is a loopback address/);
  });

  it('on save, accepts a name that does not resolve and names the refused one', async () => {
    const guard = new OutboundGuard({ allowHosts: [], resolver: stubResolver({ 'intranet.test': ['192.168.0.10'] }) });
    expect(await guard.refusalOf('https://unknown.test/v1')).toBeNull();
    expect(await guard.refusalOf('not a url')).toBeNull();
    expect(await guard.refusalOf('https://intranet.test/v1')).toMatch(/^The host intranet\.test resolves to a private address/);
  });
});
