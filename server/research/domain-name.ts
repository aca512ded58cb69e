// The domain a company search names: a bare name or the host of a URL (SiteLink and Website may be either), in
// canonical form. Address literals and single labels are not domains to scan.
import { addressOf, canonicalHost } from '../outbound';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizeDomain(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 2048) return null;
  let host: string | null;
  try {
    host = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? canonicalHost(new URL(trimmed).hostname) : canonicalHost(trimmed.split(/[/?#]/)[0]!.replace(/:\d+$/, ''));
  } catch {
    return null;
  }
  if (!host || addressOf(host)) return null;
  // A leading www. is the site, not the domain: mail and CAA records live on the domain.
  const domain = host.replace(/^www\./, '');
  return DOMAIN.test(domain) ? domain : null;
}
