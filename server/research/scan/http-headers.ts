// What the web server answers on the domain's front page: whether plain HTTP redirects to HTTPS, the security headers
// (HSTS, CSP, X-Frame-Options, X-Content-Type-Options), the flags of the cookies it sets and whether Server or
// X-Powered-By disclose software versions. Plain GETs through research's guarded client, each redirect checked; no
// script runs and only the headers are read (the body is discarded).
import type { ScanFinding } from '../../../domain/schemas/research';
import { describeFailure } from './failure';
import type { CheckContext, CheckFamily, CheckInfo } from './types';
import { finding, notApplicable, settle } from './types';

const REDIRECT: CheckInfo = { check: 'http.https_redirect', title: 'HTTP redirects to HTTPS', category: 'http' };
const HSTS: CheckInfo = { check: 'http.hsts', title: 'Strict-Transport-Security (HSTS)', category: 'http' };
const CSP: CheckInfo = { check: 'http.csp', title: 'Content-Security-Policy', category: 'http' };
const FRAMES: CheckInfo = { check: 'http.x_frame_options', title: 'Framing refused (X-Frame-Options)', category: 'http' };
const NOSNIFF: CheckInfo = { check: 'http.x_content_type_options', title: 'X-Content-Type-Options: nosniff', category: 'http' };
const COOKIES: CheckInfo = { check: 'http.cookie_flags', title: 'Cookie flags (Secure, HttpOnly, SameSite)', category: 'http' };
const VERSIONS: CheckInfo = { check: 'disclosure.server_version', title: 'Software versions in response headers', category: 'disclosure' };

const HEADER_CHECKS = [HSTS, CSP, FRAMES, NOSNIFF, COOKIES, VERSIONS];
/** HSTS max-age below half a year is short (preload lists ask for a year). */
export const HSTS_MIN_AGE_SECONDS = 15_552_000;
const MAX_REDIRECTS = 5;
const MAX_PAGE_BYTES = 512 * 1024;
const DISCLOSING_HEADERS = ['server', 'x-powered-by', 'x-aspnet-version', 'x-aspnetmvc-version', 'x-generator'];

export const httpChecks: CheckFamily = {
  name: 'HTTP headers',
  checks: [REDIRECT, ...HEADER_CHECKS],
  async run(context) {
    const [redirect, headers] = await Promise.all([settle(REDIRECT, httpsRedirect(context)), headerFindings(context)]);
    return [redirect, ...headers];
  },
};

function originOf(context: CheckContext, scheme: 'http' | 'https'): string {
  const port = context.ports[scheme];
  const standard = scheme === 'https' ? 443 : 80;
  return `${scheme}://${context.host}${port === standard ? '' : `:${port}`}`;
}

function fetcherOf(context: CheckContext) {
  return context.outbound.fetcher({ timeoutMs: context.timeoutMs, maxResponseBytes: MAX_PAGE_BYTES, maxRedirects: MAX_REDIRECTS });
}

async function httpsRedirect(context: CheckContext): Promise<ScanFinding> {
  const fetcher = fetcherOf(context);
  const evidence: string[] = [];
  let url = `${originOf(context, 'http')}/`;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let response: Response;
    try {
      response = await fetcher(url, { redirect: 'manual', signal: context.signal });
    } catch (error) {
      const reason = `${url}: ${describeFailure(error)}`;
      if (hop === 0) return notApplicable(REDIRECT, reason, 'Nothing answers plain HTTP; if that changes, redirect it to HTTPS.');
      return finding(REDIRECT, 'not_applicable', 'info', [...evidence, reason], '');
    }
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) {
      evidence.push(`${response.status} ${url}`);
      if (url.startsWith('https:')) return finding(REDIRECT, 'pass', 'info', evidence, '');
      return finding(REDIRECT, 'fail', 'medium', evidence, 'Answer every plain-HTTP request with a permanent redirect (301/308) to the same page over HTTPS.');
    }
    const next = new URL(location, url).href;
    evidence.push(`${response.status} ${url} → ${next}`);
    if (next.startsWith('https:')) return finding(REDIRECT, 'pass', 'info', evidence, '');
    url = next;
  }
  return finding(REDIRECT, 'fail', 'medium', [...evidence, `more than ${MAX_REDIRECTS} redirects`], 'Redirect plain HTTP to HTTPS in one step.');
}

async function headerFindings(context: CheckContext): Promise<ScanFinding[]> {
  let response: Response;
  const url = `${originOf(context, 'https')}/`;
  try {
    response = await fetcherOf(context)(url, { signal: context.signal });
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    const reason = `${url}: ${describeFailure(error)}`;
    return HEADER_CHECKS.map((info) => notApplicable(info, reason));
  }
  const headers = response.headers;
  const page = `${response.status} ${response.url || url}`;
  return [hsts(headers, page), csp(headers, page), frames(headers, page), nosniff(headers, page), cookies(headers, page), versions(headers, page)];
}

function hsts(headers: Headers, page: string): ScanFinding {
  const value = headers.get('strict-transport-security');
  const fix = `Send "Strict-Transport-Security: max-age=31536000; includeSubDomains" on every HTTPS answer.`;
  if (!value) return finding(HSTS, 'fail', 'medium', [page, 'no Strict-Transport-Security header'], fix);
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(value)?.[1] ?? NaN);
  const evidence = [page, `Strict-Transport-Security: ${value}`];
  if (!(maxAge > 0)) return finding(HSTS, 'fail', 'medium', evidence, `max-age is missing or 0, which turns HSTS off. ${fix}`);
  if (maxAge < HSTS_MIN_AGE_SECONDS) return finding(HSTS, 'warning', 'low', evidence, `max-age=${maxAge} is short. ${fix}`);
  return finding(HSTS, 'pass', 'info', evidence, '');
}

function csp(headers: Headers, page: string): ScanFinding {
  const value = headers.get('content-security-policy');
  const reportOnly = headers.get('content-security-policy-report-only');
  const fix = "Send a Content-Security-Policy that limits where scripts may come from, e.g. \"default-src 'self'; object-src 'none'; frame-ancestors 'self'\".";
  if (!value && reportOnly) return finding(CSP, 'warning', 'low', [page, `Content-Security-Policy-Report-Only: ${reportOnly}`], `The policy only reports. ${fix}`);
  if (!value) return finding(CSP, 'fail', 'medium', [page, 'no Content-Security-Policy header'], fix);
  const evidence = [page, `Content-Security-Policy: ${value}`];
  if (/script-src[^;]*'unsafe-inline'|default-src[^;]*'unsafe-inline'/i.test(value) && !/script-src[^;]*('nonce-|'sha\d{3}-|'strict-dynamic')/i.test(value)) {
    return finding(CSP, 'warning', 'low', evidence, "'unsafe-inline' scripts undo most of what a CSP protects against: use nonces or hashes.");
  }
  return finding(CSP, 'pass', 'info', evidence, '');
}

function frames(headers: Headers, page: string): ScanFinding {
  const value = headers.get('x-frame-options');
  const ancestors = /frame-ancestors[^;]*/i.exec(headers.get('content-security-policy') ?? '')?.[0];
  const evidence = [page, `X-Frame-Options: ${value ?? '(none)'}`, ...(ancestors ? [`CSP ${ancestors}`] : [])];
  if ((value && /^(deny|sameorigin)$/i.test(value.trim())) || ancestors) return finding(FRAMES, 'pass', 'info', evidence, '');
  return finding(FRAMES, 'fail', 'low', evidence, "Refuse framing by other sites (clickjacking): send X-Frame-Options: DENY (or SAMEORIGIN), or CSP frame-ancestors 'self'.");
}

function nosniff(headers: Headers, page: string): ScanFinding {
  const value = headers.get('x-content-type-options');
  const evidence = [page, `X-Content-Type-Options: ${value ?? '(none)'}`];
  if (value?.trim().toLowerCase() === 'nosniff') return finding(NOSNIFF, 'pass', 'info', evidence, '');
  return finding(NOSNIFF, 'fail', 'low', evidence, 'Send X-Content-Type-Options: nosniff so that browsers do not guess content types.');
}

function cookies(headers: Headers, page: string): ScanFinding {
  const setCookies = headers.getSetCookie();
  if (!setCookies.length) return notApplicable(COOKIES, `${page} sets no cookie`);
  const problems: string[] = [];
  let missingSecure = false;
  const evidence = [
    page,
    ...setCookies.map((header) => {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const name = pair.split('=')[0] ?? '';
      const flags = attributes.map((attribute) => attribute.split('=')[0]!.toLowerCase());
      const missing = [!flags.includes('secure') && 'Secure', !flags.includes('httponly') && 'HttpOnly', !flags.includes('samesite') && 'SameSite'].filter(Boolean);
      if (missing.includes('Secure')) missingSecure = true;
      if (missing.length) problems.push(`${name} lacks ${missing.join(', ')}`);
      // The value may be a session id: it is never kept, only the name and the attributes.
      return `Set-Cookie: ${name}=…${attributes.length ? `; ${attributes.join('; ')}` : ''}`;
    }),
  ];
  if (!problems.length) return finding(COOKIES, 'pass', 'info', evidence, '');
  return finding(COOKIES, missingSecure ? 'fail' : 'warning', missingSecure ? 'medium' : 'low', [...evidence, ...problems], 'Set cookies with Secure, HttpOnly (unless scripts must read them) and SameSite=Lax or Strict.');
}

function versions(headers: Headers, page: string): ScanFinding {
  const present = DISCLOSING_HEADERS.flatMap((name) => {
    const value = headers.get(name);
    return value ? [{ name, value }] : [];
  });
  const evidence = [page, ...present.map(({ name, value }) => `${name}: ${value}`)];
  const disclosing = present.filter(({ name, value }) => /\d+\.\d+/.test(value) || name !== 'server');
  if (!disclosing.length) return finding(VERSIONS, 'pass', 'info', evidence, '');
  const withVersion = disclosing.some(({ value }) => /\d+\.\d+/.test(value));
  return finding(
    VERSIONS,
    withVersion ? 'fail' : 'warning',
    withVersion ? 'medium' : 'low',
    evidence,
    'Do not announce software and versions (Server, X-Powered-By): they tell attackers which known flaws to try. E.g. ServerTokens Prod and expose_php = Off.',
  );
}
