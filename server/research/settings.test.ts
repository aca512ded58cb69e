import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestCa } from '../../tests/fakes/research/certificates';
import { normalizeDomain, siteHost } from './domain-name';
import { parseDnsServers } from './settings';

describe('research settings', () => {
  it('reads RESEARCH_DNS_SERVERS as addresses with optional ports, and names a bad entry', () => {
    expect(loadConfig({}).RESEARCH_DNS_SERVERS).toEqual([]);
    expect(loadConfig({ RESEARCH_DNS_SERVERS: '127.0.0.1:5353, 9.9.9.9,[::1]:53,2001:db8::1' }).RESEARCH_DNS_SERVERS).toEqual(['127.0.0.1:5353', '9.9.9.9', '[::1]:53', '2001:db8::1']);
    expect(() => loadConfig({ RESEARCH_DNS_SERVERS: '127.0.0.1:5353,dns.example.com' })).toThrow(
      'RESEARCH_DNS_SERVERS: "dns.example.com" is not an address or address:port; list them separated by commas, e.g. 127.0.0.1:5353',
    );
    expect(parseDnsServers('127.0.0.1:70000')).toEqual({ invalid: '127.0.0.1:70000' });
  });

  it('checks that RESEARCH_EXTRA_CA_FILE is a readable PEM file of certificates', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'research-settings-'));
    try {
      const good = path.join(dir, 'ca.pem');
      fs.writeFileSync(good, createTestCa().certPem);
      expect(loadConfig({ RESEARCH_EXTRA_CA_FILE: good }).RESEARCH_EXTRA_CA_FILE).toBe(good);
      const empty = path.join(dir, 'empty.pem');
      fs.writeFileSync(empty, 'not a certificate');
      expect(() => loadConfig({ RESEARCH_EXTRA_CA_FILE: empty })).toThrow(`RESEARCH_EXTRA_CA_FILE: ${empty} holds no PEM certificate`);
      const broken = path.join(dir, 'broken.pem');
      fs.writeFileSync(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
      expect(() => loadConfig({ RESEARCH_EXTRA_CA_FILE: broken })).toThrow('holds a certificate that cannot be read');
      expect(() => loadConfig({ RESEARCH_EXTRA_CA_FILE: path.join(dir, 'missing.pem') })).toThrow('cannot read');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the domain of a site link', () => {
    expect(normalizeDomain('Example.COM')).toBe('example.com');
    expect(normalizeDomain('https://www.example.com/about?x=1')).toBe('example.com');
    expect(siteHost('https://www.example.com/about?x=1')).toBe('www.example.com');
    expect(siteHost('www')).toBeNull();
    expect(normalizeDomain('shop.example.co.uk:8443/path')).toBe('shop.example.co.uk');
    for (const bad of ['', 'localhost', '10.0.0.5', 'http://[::1]/', 'exa mple.com', 'ftp://', '-bad-.com']) expect(normalizeDomain(bad)).toBeNull();
  });
});
