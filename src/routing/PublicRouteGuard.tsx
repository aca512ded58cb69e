import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideRoute } from '../../domain';
import { readAuthStorage } from '../../authProvider/authStorage';
import { LoadingScreen } from '../startup/LoadingScreen';

/** Wraps the pages without layout: they skip the session check; sign-in-only pages send a signed-in user home. */
export function PublicRouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const decision = decideRoute(pathname, readAuthStorage()?.Role);
  if (!decision.allow) return <Navigate replace to={decision.redirectTo} />;
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
