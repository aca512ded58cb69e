// The passive scan against fixture companies served on 127.0.0.1: DNS from a local dns2 server
// (RESEARCH_DNS_SERVERS), HTTPS with a CA made for this run (RESEARCH_EXTRA_CA_FILE). Nothing leaves the machine;
// traps on 127.0.0.2 prove that refused hosts are never connected to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassiveScan, ScanFinding } from '../../../domain/schemas/research';
import { PassiveScanSchema } from '../../../domain/schemas/research';
import { loadConfig } from '../../config';
import type { ResearchFixture } from '../../../tests/fakes/research/fixture';
import { startResearchFixture } from '../../../tests/fakes/research/fixture';
import type { ResearchNetwork } from '../network';
import { createResearchNetwork } from '../network';
import { runPassiveScan } from './run-passive-scan';
import type { ScanPorts } from './types';

let fixture: ResearchFixture;
let network: ResearchNetwork;

beforeAll(async () => {
  fixture = await startResearchFixture();
  network = createResearchNetwork(loadConfig(fixture.env));
});

afterAll(async () => {
  await network?.close();
  await fixture?.close();
});

function scan(domain: string, ports: ScanPorts, on: ResearchNetwork = network, checkTimeoutMs = 8000): Promise<PassiveScan> {
  return runPassiveScan(domain, { dns: on.dns, outbound: on.outbound, ports, checkTimeoutMs });
}

function byCheck(result: PassiveScan): Record<string, ScanFinding> {
  return Object.fromEntries(result.findings.map((item) => [item.check, item]));
}

const ALL_CHECKS = [
  'dns.addresses',
  'email.mx',
  'email.spf',
  'email.dmarc',
  'email.dkim',
  'dns.caa',
  'tls.certificate_trust',
  'tls.certificate_names',
  'tls.certificate_expiry',
  'tls.protocol',
  'tls.legacy_protocols',
  'http.https_redirect',
  'http.hsts',
  'http.csp',
  'http.x_frame_options',
  'http.x_content_type_options',
  'http.cookie_flags',
  'disclosure.server_version',
  'disclosure.security_txt',
];

describe('passive scan', () => {
  it('finds a well-configured company well configured', async () => {
    const result = await scan('https://www.good.example.test/about', fixture.sites.good.ports);
    expect(PassiveScanSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({ domain: 'good.example.test', host: 'www.good.example.test' });
    expect(result.findings.map((item) => item.check).sort()).toEqual([...ALL_CHECKS].sort());
    const findings = byCheck(result);
    for (const check of ALL_CHECKS) expect({ check, result: findings[check]!.result }).toEqual({ check, result: 'pass' });
    expect(findings['dns.addresses']!.evidence).toEqual(['A 127.0.0.1']);
    expect(findings['email.spf']!.evidence).toEqual(['v=spf1 ip4:127.0.0.1 -all']);
    expect(findings['email.dmarc']!.evidence).toEqual(['v=DMARC1; p=reject; rua=mailto:dmarc@good.example.test']);
    expect(findings['email.dkim']!.evidence[0]).toMatch(/^selector1\._domainkey\.good\.example\.test: v=DKIM1/);
    expect(findings['dns.caa']!.evidence).toContain('good.example.test CAA 0 issue "fixture-ca.test"');
    expect(findings['tls.certificate_trust']!.evidence).toContain('issuer: CN=Research Fixture Test CA, O=Research Fixtures');
    expect(findings['tls.certificate_names']!.evidence[0]).toBe('names: DNS:good.example.test, DNS:www.good.example.test');
    expect(findings['tls.protocol']!.evidence[0]).toBe('protocol: TLSv1.3');
    expect(findings['tls.legacy_protocols']!.evidence.join('\n')).toMatch(/^TLSv1: refused .*\nTLSv1\.1: refused /);
    expect(findings['http.https_redirect']!.evidence).toEqual([`301 http://www.good.example.test:${fixture.sites.good.ports.http}/ → https://good.example.test:${fixture.sites.good.ports.https}/`]);
    expect(findings['http.hsts']!.evidence[0]).toBe(`200 https://www.good.example.test:${fixture.sites.good.ports.https}/`);
    // Mail records are read on the domain, the site on its host.
    expect(fixture.dns.queries).toEqual(expect.arrayContaining(['good.example.test TXT', '_dmarc.good.example.test TXT', 'good.example.test CAA', 'www.good.example.test A']));
    expect(fixture.dns.queries).not.toContain('_dmarc.www.good.example.test TXT');
    // Cookie values may be session ids: only names and attributes are kept.
    expect(findings['http.cookie_flags']!.evidence).toContain('Set-Cookie: session=…; Path=/; Secure; HttpOnly; SameSite=Lax');
    expect(JSON.stringify(result)).not.toContain('secret-session-value');
    expect(findings['disclosure.server_version']!.evidence).toContain('server: nginx');
    expect(fixture.sites.good.requests).toContain('https GET /.well-known/security.txt');
  });

  it('finds what is wrong with a poorly configured company', async () => {
    const findings = byCheck(await scan('weak.example.test', fixture.sites.weak.ports));
    const summary = Object.fromEntries(Object.entries(findings).map(([check, item]) => [check, `${item.result}/${item.severity}`]));
    expect(summary).toMatchObject({
      'dns.addresses': 'pass/info',
      'email.spf': 'fail/critical',
      'email.dmarc': 'fail/high',
      'email.dkim': 'warning/low',
      'dns.caa': 'warning/low',
      'tls.certificate_trust': 'pass/info',
      'tls.certificate_expiry': 'fail/high',
      'tls.legacy_protocols': 'fail/high',
      'http.https_redirect': 'fail/medium',
      'http.hsts': 'fail/medium',
      'http.csp': 'fail/medium',
      'http.x_frame_options': 'fail/low',
      'http.x_content_type_options': 'fail/low',
      'http.cookie_flags': 'fail/medium',
      'disclosure.server_version': 'fail/medium',
      'disclosure.security_txt': 'fail/low',
    });
    expect(findings['email.dmarc']!.evidence).toEqual(['no TXT record "v=DMARC1; …" at _dmarc.weak.example.test']);
    expect(findings['tls.certificate_expiry']!.evidence[1]).toMatch(/^days left: [45]$/);
    expect(findings['tls.legacy_protocols']!.evidence).toEqual(['TLSv1: accepted (negotiated TLSv1)', 'TLSv1.1: accepted (negotiated TLSv1.1)']);
    expect(findings['disclosure.server_version']!.evidence).toEqual(expect.arrayContaining(['server: Apache/2.2.15 (CentOS)', 'x-powered-by: PHP/5.4.16']));
    expect(findings['http.cookie_flags']!.evidence).toContain('PHPSESSID lacks Secure, HttpOnly, SameSite');
    expect(findings['http.https_redirect']!.evidence).toEqual([`200 http://weak.example.test:${fixture.sites.weak.ports.http}/`]);
    expect(findings['disclosure.security_txt']!.evidence).toEqual([`404 https://weak.example.test:${fixture.sites.weak.ports.https}/.well-known/security.txt`, `404 https://weak.example.test:${fixture.sites.weak.ports.https}/security.txt`]);
    for (const item of Object.values(findings)) if (item.result === 'fail' || item.result === 'warning') expect(item.recommendation).not.toBe('');
  });

  it('fails a certificate that does not cover the site', async () => {
    const findings = byCheck(await scan('www.weak.example.test', fixture.sites.weak.ports));
    expect(findings['tls.certificate_names']).toMatchObject({ result: 'fail', severity: 'high' });
    expect(findings['tls.certificate_names']!.evidence[0]).toContain("Host: www.weak.example.test. is not in the cert's altnames: DNS:weak.example.test");
    expect(findings['email.spf']!.evidence).toEqual(['v=spf1 +all']);
  });

  it('reports an unreachable company without throwing', async () => {
    const findings = byCheck(await scan('unreachable.example.test', fixture.closedPorts));
    expect(findings['dns.addresses']!.result).toBe('pass');
    for (const check of ['tls.certificate_trust', 'tls.protocol', 'tls.legacy_protocols', 'http.https_redirect', 'http.hsts', 'disclosure.security_txt']) {
      expect(findings[check]!.result).toBe('not_applicable');
      expect(findings[check]!.evidence.join(' ')).toContain('ECONNREFUSED');
    }
    const missing = byCheck(await scan('nowhere.example.test', fixture.closedPorts));
    expect(Object.keys(missing).sort()).toEqual([...ALL_CHECKS].sort());
    expect(missing['dns.addresses']!.evidence[0]).toBe('nowhere.example.test: ENOTFOUND: the name does not resolve');
    expect(missing['tls.protocol']!.result).toBe('not_applicable');
  });

  it('refuses a company whose name resolves to a private address, before connecting', async () => {
    const started = Date.now();
    const findings = byCheck(await scan('private.example.test', fixture.sites.good.ports));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(findings['dns.addresses']).toMatchObject({ result: 'warning', severity: 'medium' });
    expect(findings['dns.addresses']!.evidence[0]).toBe('A 10.0.0.5');
    for (const check of ['tls.certificate_trust', 'tls.legacy_protocols', 'http.https_redirect', 'http.hsts', 'disclosure.security_txt']) {
      expect(findings[check]!.result).toBe('not_applicable');
      expect(findings[check]!.evidence.join(' ')).toContain('Refused: The host private.example.test resolves to a private address');
    }
    // DNS checks do not connect to the company: they still run.
    expect(findings['email.spf']!.result).toBe('pass');
  });

  it('never connects to a loopback address that is not allowed', async () => {
    const { sneaky } = fixture.traps;
    const findings = byCheck(await scan('sneaky.example.test', { https: sneaky.ports[0]!, http: sneaky.ports[1]! }));
    expect(findings['tls.protocol']!.evidence[0]).toContain('Refused: The host sneaky.example.test resolves to a loopback address');
    expect(findings['http.hsts']!.result).toBe('not_applicable');
    expect(sneaky.connections).toBe(0);
  });

  it('refuses a redirect to a loopback address that is not allowed', async () => {
    const { redirect } = fixture.sites;
    const findings = byCheck(await scan('redirect.example.test', redirect.ports));
    expect(redirect.requests).toEqual(expect.arrayContaining(['http GET /', 'https GET /']));
    expect(findings['http.https_redirect']!.result).toBe('not_applicable');
    expect(findings['http.https_redirect']!.evidence.join('\n')).toContain(`302 http://redirect.example.test:${redirect.ports.http}/ → http://127.0.0.2:${fixture.traps.redirect.ports[0]}/`);
    expect(findings['http.https_redirect']!.evidence.join('\n')).toContain('Refused: The host 127.0.0.2 is a loopback address');
    expect(findings['http.hsts']!.evidence[0]).toContain('Refused: The host 127.0.0.2 is a loopback address');
    expect(findings['disclosure.security_txt']!.evidence[0]).toContain('Refused: The host 127.0.0.2 is a loopback address');
    expect(fixture.traps.redirect.connections).toBe(0);
  });

  it('connects only to the address it checked when the name rebinds between lookups', async () => {
    const before = fixture.rebindLookups();
    const result = await scan('rebind.example.test', fixture.sites.rebind.ports);
    expect(fixture.rebindLookups() - before).toBeGreaterThanOrEqual(4);
    expect(fixture.traps.rebind.connections).toBe(0);
    // Each connection's own check decided: to the allowed address, or refused (never the other address).
    for (const item of result.findings.filter((found) => found.category === 'tls' || found.category === 'http')) {
      if (item.result === 'not_applicable') expect(item.evidence.join(' ')).toMatch(/Refused: The host rebind\.example\.test resolves to a loopback address|could not tell/);
    }
  });

  it('does not trust the fixture CA without RESEARCH_EXTRA_CA_FILE, nor reach 127.0.0.1 without the allow-list', async () => {
    const untrusting = createResearchNetwork(loadConfig({ ...fixture.env, RESEARCH_EXTRA_CA_FILE: '' }));
    const closed = createResearchNetwork(loadConfig({ ...fixture.env, OUTBOUND_ALLOW_HOSTS: '' }));
    try {
      const untrusted = byCheck(await scan('good.example.test', fixture.sites.good.ports, untrusting));
      expect(untrusted['tls.certificate_trust']).toMatchObject({ result: 'fail', severity: 'high' });
      expect(untrusted['tls.certificate_trust']!.evidence[0]).toMatch(/^not trusted: /);
      expect(untrusted['http.hsts']!.result).toBe('not_applicable');
      const refused = byCheck(await scan('good.example.test', fixture.sites.good.ports, closed));
      expect(refused['tls.protocol']!.evidence[0]).toContain('Refused: The host good.example.test resolves to a loopback address');
      expect(refused['dns.addresses']!.result).toBe('warning');
    } finally {
      await untrusting.close();
      await closed.close();
    }
  });

  it('bounds each check family in time and turns a failure into findings', async () => {
    const stalled = { ...network.dns, txt: () => new Promise<string[]>(() => undefined) };
    const started = Date.now();
    const result = await runPassiveScan('good.example.test', { dns: stalled, outbound: network.outbound, ports: fixture.sites.good.ports, checkTimeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    const findings = byCheck(result);
    expect(findings['email.spf']).toMatchObject({ result: 'not_applicable', evidence: ['The mail records checks did not finish within 300 ms.'] });
    const broken = { ...network.dns, caa: () => Promise.reject(Object.assign(new Error('queryCaa ESERVFAIL'), { code: 'ESERVFAIL' })) };
    const failed = byCheck(await runPassiveScan('good.example.test', { dns: broken, outbound: network.outbound, ports: fixture.sites.good.ports }));
    expect(failed['dns.caa']).toMatchObject({ result: 'not_applicable', evidence: ['ESERVFAIL: the DNS server failed to answer'] });
  });

  it('answers a input that is not a domain with findings that say so', async () => {
    const result = await scan('http://10.0.0.5/', fixture.sites.good.ports);
    expect(result.findings).toHaveLength(ALL_CHECKS.length);
    expect(result.findings.every((item) => item.result === 'not_applicable' && item.evidence[0] === '"http://10.0.0.5/" is not a domain name')).toBe(true);
  });
});
