import { useEffect, useState } from 'react';
import { ConfiguredIdpsSchema, emailDomainOf } from '../../../domain';
import type { IdentityProviderSummary } from '../../../domain';
import { getJson } from '../../../dataProvider/api';

/** Waits for the typing to pause before asking, so that each keystroke is not a request. */
export const PROVIDER_LOOKUP_DELAY_MS = 300;

/**
 * GET /api/v1/idps/configured?domain=… for the domain of the address being typed: the server answers only the
 * providers of that domain. No complete address, or an unavailable list, shows no provider buttons.
 */
export function useConfiguredIdentityProviders(email: string): IdentityProviderSummary[] {
  const domain = emailDomainOf(email);
  const [answer, setAnswer] = useState<{ domain: string; providers: IdentityProviderSummary[] }>();
  useEffect(() => {
    if (!domain) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getJson(`/idps/configured?domain=${encodeURIComponent(domain)}`, ConfiguredIdpsSchema, { signal: controller.signal })
        .then((providers) => setAnswer({ domain, providers }))
        .catch(() => undefined);
    }, PROVIDER_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [domain]);
  return domain && answer?.domain === domain ? answer.providers : [];
}
