// security.txt (RFC 9116): how to report a vulnerability to the company. Fetched over HTTPS from
// /.well-known/security.txt (the top-level /security.txt is the legacy place); Contact and a future Expires are
// required, the file must be text/plain.
import type { ScanFinding } from '../../../domain/schemas/research';
import { describeFailure } from './failure';
import type { CheckContext, CheckFamily, CheckInfo } from './types';
import { finding, notApplicable, settle } from './types';

const SECURITY_TXT: CheckInfo = { check: 'disclosure.security_txt', title: 'security.txt (RFC 9116)', category: 'disclosure' };

const MAX_BYTES = 32 * 1024;
const FIX = 'Publish /.well-known/security.txt over HTTPS (text/plain) with at least one Contact and an Expires date less than a year ahead, e.g. "Contact: mailto:security@<domain>" and "Expires: 2027-01-01T00:00:00Z".';

export const securityTxtChecks: CheckFamily = {
  name: 'security.txt',
  checks: [SECURITY_TXT],
  async run(context) {
    return [await settle(SECURITY_TXT, securityTxt(context))];
  },
};

async function securityTxt(context: CheckContext): Promise<ScanFinding> {
  const origin = `https://${context.host}${context.ports.https === 443 ? '' : `:${context.ports.https}`}`;
  const fetcher = context.outbound.fetcher({ timeoutMs: context.timeoutMs, maxResponseBytes: MAX_BYTES, maxRedirects: 3 });
  const tried: string[] = [];
  for (const path of ['/.well-known/security.txt', '/security.txt']) {
    const url = `${origin}${path}`;
    let response: Response;
    try {
      response = await fetcher(url, { signal: context.signal });
    } catch (error) {
      const reason = `${url}: ${describeFailure(error)}`;
      if (!tried.length) return notApplicable(SECURITY_TXT, reason);
      tried.push(reason);
      break;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      tried.push(`${response.status} ${url}`);
      continue;
    }
    const text = await response.text();
    return judge(text, response, url, path !== '/.well-known/security.txt', context.now);
  }
  return finding(SECURITY_TXT, 'fail', 'low', tried, FIX);
}

function judge(text: string, response: Response, url: string, legacy: boolean, now: Date): ScanFinding {
  const fields = text
    .split(/\r?\n/)
    .map((line) => /^([A-Za-z-]+):\s*(.+?)\s*$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ name: match[1]!.toLowerCase(), value: match[2]! }));
  const contentType = response.headers.get('content-type') ?? '(none)';
  const contacts = fields.filter((field) => field.name === 'contact');
  const expires = fields.filter((field) => field.name === 'expires');
  const evidence = [`${response.status} ${url}`, `Content-Type: ${contentType}`, ...fields.filter((field) => ['contact', 'expires', 'canonical', 'policy'].includes(field.name)).map((field) => `${field.name}: ${field.value}`)];
  const problems: string[] = [];
  if (!/^text\/plain\b/i.test(contentType)) problems.push('it is not served as text/plain');
  if (!contacts.length) problems.push('it has no Contact field');
  if (expires.length !== 1) problems.push(expires.length ? 'it has more than one Expires field' : 'it has no Expires field');
  else if (!(new Date(expires[0]!.value).getTime() > now.getTime())) problems.push(`it expired (${expires[0]!.value})`);
  if (legacy) problems.push('it is at /security.txt instead of /.well-known/security.txt');
  if (!problems.length) return finding(SECURITY_TXT, 'pass', 'info', evidence, '');
  if (!contacts.length) return finding(SECURITY_TXT, 'fail', 'low', [...evidence, ...problems], FIX);
  return finding(SECURITY_TXT, 'warning', 'low', [...evidence, ...problems], FIX);
}
