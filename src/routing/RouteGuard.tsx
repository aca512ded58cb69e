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
  const storedRole = isRoot ? readAuthStorage()?.Role : undefined;
  // The root reads the stored sign-in state; without one it asks the server, whose session cookie is the truth (the
  // stored state can be missing while the session lives, and a signed-in visitor must not land on /login).
  const needsSession = isRoot ? storedRole === undefined : findProtectedRoute(pathname) !== undefined;
  const { user, isPending } = useCurrentUser({ enabled: needsSession });

  if (needsSession && isPending) return <LoadingScreen />;
  if (isRoot) return <Navigate replace to={rootRedirect(storedRole ?? user?.Role, DefaultHomePageRoute)} />;

  const decision = decideRoute(pathname, user?.Role);
  return decision.allow ? children : <Navigate replace to={decision.redirectTo} />;
}
