import { useEffect, useState } from 'react';
import { ConfiguredIdpsSchema } from '../../../domain';
import type { IdentityProviderSummary } from '../../../domain';
import { getJson } from '../../../dataProvider/api';

/** GET /api/v1/idps/configured; an unavailable list simply shows no provider buttons. */
export function useConfiguredIdentityProviders(): IdentityProviderSummary[] {
  const [providers, setProviders] = useState<IdentityProviderSummary[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getJson('/idps/configured', ConfiguredIdpsSchema, { signal: controller.signal })
      .then(setProviders)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return providers;
}
