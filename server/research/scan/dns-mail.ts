// Mail records that stop others from sending mail in the company's name: MX (does the domain take mail), SPF and
// how strict its final `all` is, the DMARC policy, and DKIM keys on the selectors most providers use.
import type { ScanFinding } from '../../../domain/schemas/research';
import type { CheckContext, CheckFamily, CheckInfo } from './types';
import { finding, notApplicable, settle } from './types';

const MX: CheckInfo = { check: 'email.mx', title: 'Mail servers (MX)', category: 'email' };
const SPF: CheckInfo = { check: 'email.spf', title: 'SPF record', category: 'email' };
const DMARC: CheckInfo = { check: 'email.dmarc', title: 'DMARC policy', category: 'email' };
const DKIM: CheckInfo = { check: 'email.dkim', title: 'DKIM keys on common selectors', category: 'email' };

/** Selectors of the large mail providers and common defaults; a domain may use another one. */
export const DKIM_SELECTORS = ['default', 'dkim', 'mail', 'selector1', 'selector2', 'google', 'k1', 'k2', 's1', 's2', 'key1', 'smtp', 'mandrill', 'zoho'] as const;

const SPF_FIX = 'Publish one SPF record that lists your senders and ends in -all, e.g. "v=spf1 include:_spf.example.com -all".';
const DMARC_FIX = 'Publish a DMARC record at _dmarc.<domain> and move to p=reject once reports show only your own senders, e.g. "v=DMARC1; p=reject; rua=mailto:dmarc@<domain>".';

export const mailChecks: CheckFamily = {
  name: 'mail records',
  checks: [MX, SPF, DMARC, DKIM],
  async run(context) {
    return Promise.all([settle(MX, mx(context)), settle(SPF, spf(context)), settle(DMARC, dmarc(context)), settle(DKIM, dkim(context))]);
  },
};

async function mx({ domain, dns }: CheckContext): Promise<ScanFinding> {
  const records = await dns.mx(domain);
  if (!records.length) return notApplicable(MX, `${domain} has no MX record: it takes no mail.`, 'A domain without mail still needs "v=spf1 -all" and a DMARC p=reject record so that nobody can send in its name.');
  const evidence = records.sort((a, b) => a.priority - b.priority).map((record) => `MX ${record.priority} ${record.exchange}`);
  return finding(MX, 'pass', 'info', evidence, '');
}

async function spf({ domain, dns }: CheckContext): Promise<ScanFinding> {
  const records = (await dns.txt(domain)).filter((text) => /^v=spf1(\s|$)/i.test(text.trim()));
  if (!records.length) return finding(SPF, 'fail', 'high', [`no TXT record "v=spf1 …" at ${domain}`], SPF_FIX);
  if (records.length > 1) return finding(SPF, 'fail', 'medium', records, `Several SPF records make SPF fail (permerror) for every message. ${SPF_FIX}`);
  const record = records[0]!;
  const all = /(?:^|\s)([+~?-]?)all(?:\s|$)/i.exec(record);
  const redirect = /(?:^|\s)redirect=\S+/i.test(record);
  if (!all) {
    if (redirect) return finding(SPF, 'pass', 'info', [record], 'The policy is that of the redirect target: check it as well.');
    return finding(SPF, 'warning', 'medium', [record], `Without a final "all" mail from anyone else is neutral. ${SPF_FIX}`);
  }
  const qualifier = all[1] || '+';
  if (qualifier === '-') return finding(SPF, 'pass', 'info', [record], '');
  if (qualifier === '~') return finding(SPF, 'warning', 'low', [record], 'The record ends in ~all (soft fail): receivers may still accept forged mail. End it in -all once all your senders are listed.');
  if (qualifier === '?') return finding(SPF, 'fail', 'medium', [record], `The record ends in ?all (neutral): it says nothing about forged mail. ${SPF_FIX}`);
  return finding(SPF, 'fail', 'critical', [record], `The record ends in +all: it allows every server on the internet to send mail as ${domain}. ${SPF_FIX}`);
}

async function dmarc({ domain, dns }: CheckContext): Promise<ScanFinding> {
  const name = `_dmarc.${domain}`;
  const records = (await dns.txt(name)).filter((text) => /^v=DMARC1(\s*;|\s*$)/i.test(text.trim()));
  if (!records.length) return finding(DMARC, 'fail', 'high', [`no TXT record "v=DMARC1; …" at ${name}`], DMARC_FIX);
  if (records.length > 1) return finding(DMARC, 'fail', 'medium', records, `Several DMARC records: receivers ignore them all. ${DMARC_FIX}`);
  const record = records[0]!;
  const tags = new Map(
    record
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair) => pair.length === 2)
      .map(([key, value]) => [key!.trim().toLowerCase(), value!.trim().toLowerCase()]),
  );
  const policy = tags.get('p');
  const pct = Number(tags.get('pct') ?? '100');
  if (policy === 'reject' && pct >= 100) return finding(DMARC, 'pass', 'info', [record], '');
  if (policy === 'reject' || policy === 'quarantine') {
    const why = policy === 'quarantine' ? 'p=quarantine sends forged mail to spam rather than refusing it' : `pct=${pct} applies the policy to part of the mail only`;
    return finding(DMARC, 'warning', 'low', [record], `${why}; move to p=reject (pct=100) once reports show only your own senders.`);
  }
  if (policy === 'none') return finding(DMARC, 'fail', 'medium', [record], `p=none only monitors: forged mail is delivered. ${DMARC_FIX}`);
  return finding(DMARC, 'fail', 'medium', [record], `The record has no valid p= policy. ${DMARC_FIX}`);
}

async function dkim({ domain, dns }: CheckContext): Promise<ScanFinding> {
  const answers = await Promise.all(
    DKIM_SELECTORS.map(async (selector) => {
      const name = `${selector}._domainkey.${domain}`;
      const texts = await dns.txt(name).catch(() => []);
      // An empty p= is a revoked key.
      const key = texts.find((text) => /(?:^|;)\s*p=[A-Za-z0-9+/=]+/.test(text));
      return key ? `${name}: ${key.length > 120 ? `${key.slice(0, 120)}…` : key}` : null;
    }),
  );
  const found = answers.filter((answer): answer is string => answer !== null);
  if (found.length) return finding(DKIM, 'pass', 'info', found, '');
  return finding(
    DKIM,
    'warning',
    'low',
    [`no DKIM key on the selectors ${DKIM_SELECTORS.join(', ')}`],
    'Sign outgoing mail with DKIM (your mail provider gives the selector and key to publish). A domain may use a selector this scan does not try.',
  );
}
