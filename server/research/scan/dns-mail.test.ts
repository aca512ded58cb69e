// SPF strictness and DMARC policy as read from the records, with a table of answers in place of a DNS server.
import { describe, expect, it } from 'vitest';
import type { ResearchDns } from '../dns';
import { caaChecks } from './dns-caa';
import { mailChecks } from './dns-mail';
import type { CheckContext } from './types';

function contextWith(txt: Record<string, string[]>, caa: Record<string, { critical: number; issue?: string; iodef?: string }[]> = {}): CheckContext {
  const dns: ResearchDns = {
    addresses: async () => [],
    txt: async (name) => txt[name] ?? [],
    mx: async () => [],
    caa: async (name) => caa[name] ?? [],
  };
  return { domain: 'acme.test', host: 'acme.test', dns, outbound: null as never, ports: { https: 443, http: 80 }, signal: new AbortController().signal, timeoutMs: 1000, now: new Date() };
}

async function mail(txt: Record<string, string[]>) {
  return Object.fromEntries((await mailChecks.run(contextWith(txt))).map((item) => [item.check, `${item.result}/${item.severity}`]));
}

describe('mail records', () => {
  it.each([
    ['v=spf1 include:_spf.mail.test -all', 'pass/info'],
    ['v=spf1 include:_spf.mail.test ~all', 'warning/low'],
    ['v=spf1 ?all', 'fail/medium'],
    ['v=spf1 +all', 'fail/critical'],
    ['v=spf1 all', 'fail/critical'],
    ['v=spf1 mx', 'warning/medium'],
    ['v=spf1 redirect=_spf.mail.test', 'pass/info'],
  ])('judges SPF %s as %s', async (record, expected) => {
    expect((await mail({ 'acme.test': ['some-verification=1', record] }))['email.spf']).toBe(expected);
  });

  it('fails a missing SPF record and two of them', async () => {
    expect((await mail({}))['email.spf']).toBe('fail/high');
    expect((await mail({ 'acme.test': ['v=spf1 -all', 'v=spf1 mx -all'] }))['email.spf']).toBe('fail/medium');
  });

  it.each([
    ['v=DMARC1; p=reject; rua=mailto:d@acme.test', 'pass/info'],
    ['v=DMARC1; p=reject; pct=50', 'warning/low'],
    ['v=DMARC1; p=quarantine', 'warning/low'],
    ['v=DMARC1; p=none; rua=mailto:d@acme.test', 'fail/medium'],
    ['v=DMARC1; rua=mailto:d@acme.test', 'fail/medium'],
  ])('judges DMARC %s as %s', async (record, expected) => {
    expect((await mail({ '_dmarc.acme.test': [record] }))['email.dmarc']).toBe(expected);
  });

  it('fails a missing DMARC record, warns when no common DKIM selector has a key, and ignores revoked keys', async () => {
    const found = await mail({ 'google._domainkey.acme.test': ['v=DKIM1; k=rsa; p='] });
    expect(found['email.dmarc']).toBe('fail/high');
    expect(found['email.dkim']).toBe('warning/low');
    expect((await mail({ 'k1._domainkey.acme.test': ['v=DKIM1; k=rsa; p=MIIBfixture'] }))['email.dkim']).toBe('pass/info');
  });

  it('reads CAA from the parent domain when the name has none (RFC 8659)', async () => {
    const context = { ...contextWith({}, { 'acme.test': [{ critical: 0, issue: 'ca.test' }] }), domain: 'shop.acme.test' };
    const [caa] = await caaChecks.run(context);
    expect(caa).toMatchObject({ result: 'pass', evidence: ['acme.test CAA 0 issue "ca.test"'] });
    const [none] = await caaChecks.run(contextWith({}, { 'acme.test': [{ critical: 0, iodef: 'mailto:s@acme.test' }] }));
    expect(none).toMatchObject({ result: 'warning', severity: 'low' });
  });
});
