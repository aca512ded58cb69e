import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideRoute, findProtectedRoute, rootRedirect } from '../../domain';
import { readAuthStorage } from '../../authProvider/authStorage';
import { LoadingScreen } from '../startup/LoadingScreen';
import { useAppMeta } from '../startup/AppMetaContext';
import { useCurrentUser } from './useCurrentUser';

/**
 * Guards everything rendered inside the layout, so custom routes and resources are covered alike (§2.2):
 * the root sends the stored role to its home; a known protected path waits for the session check, then
 * domain decideRoute sends the unsigned to /login and a disallowed role to its default; unknown paths go to /.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { DefaultHomePageRoute } = useAppMeta();
  const isRoot = pathname === '/';
  const needsSession = !isRoot && findProtectedRoute(pathname) !== undefined;
  const { user, isPending } = useCurrentUser({ enabled: needsSession });

  // The root is public: it skips the session check and reads the stored sign-in state.
  if (isRoot) return <Navigate replace to={rootRedirect(readAuthStorage()?.Role, DefaultHomePageRoute)} />;
  if (needsSession && isPending) return <LoadingScreen />;

  const decision = decideRoute(pathname, user?.Role);
  return decision.allow ? children : <Navigate replace to={decision.redirectTo} />;
}
