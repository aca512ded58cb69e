// The site a company search names — a bare name or the host of a URL (SiteLink and Website may be either) — and its
// domain (the host without a leading www.), in canonical form. Address literals and single labels are neither.
import { addressOf, canonicalHost } from '../outbound';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The web host of a site link, e.g. `www.acme.com` for `https://www.acme.com/about`. */
export function siteHost(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 2048) return null;
  let host: string | null;
  try {
    host = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? canonicalHost(new URL(trimmed).hostname) : canonicalHost(trimmed.split(/[/?#]/)[0]!.replace(/:\d+$/, ''));
  } catch {
    return null;
  }
  if (!host || addressOf(host)) return null;
  return DOMAIN.test(host) && DOMAIN.test(host.replace(/^www\./, '')) ? host : null;
}

/** The domain of a site link, e.g. `acme.com` for `https://www.acme.com/about`: mail and CAA records live there. */
export function normalizeDomain(input: string): string | null {
  return siteHost(input)?.replace(/^www\./, '') ?? null;
}
