import { useGetIdentity } from 'react-admin';
import type { CurrentUser } from '../../domain';
import type { CurrentUserIdentity } from '../../authProvider/currentUser';

const SESSION_CHECK_OPTIONS = {
  // A 401 is an answer, not a glitch: retrying would only hold the visitor on the wait screen.
  retry: false,
  staleTime: 5 * 60 * 1000,
} as const;

export interface CurrentUserState {
  user: CurrentUser | undefined;
  /** True until the session check has answered (and for as long as it is disabled). */
  isPending: boolean;
}

/** The signed-in user from the session check (authProvider.getIdentity → GET /api/v1/me), shared and cached. */
export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}): CurrentUserState {
  const { identity, isPending } = useGetIdentity({ ...SESSION_CHECK_OPTIONS, enabled });
  return { user: (identity as CurrentUserIdentity | undefined)?.user, isPending };
}
