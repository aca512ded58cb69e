import { QueryClient } from '@tanstack/react-query';
import { statusOf } from '../../authProvider/sessionLostRule';

/**
 * Retry only what may pass on a second try: no response or a 5xx, at most twice. A 4xx is the server's answer (bad
 * query, no permission, not found); retrying it three times, as react-query does by default, only keeps a field
 * spinning for seconds before it shows the same error.
 */
export function retryUnlessAnswered(failures: number, error: unknown): boolean {
  const status = statusOf(error);
  return failures < 2 && (status === undefined || status === 0 || status >= 500);
}

/** The react-query client behind react-admin's hooks and the pages' own queries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: retryUnlessAnswered } } });
}
