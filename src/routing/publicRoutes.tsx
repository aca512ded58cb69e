import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { PUBLIC_ROUTES } from '../../domain';
import { ErrorPage, ForgotPasswordPage, LoginPage, LogoutPage, ResetPasswordPage, WelcomePage } from '../pages/lazyPages';
import { PublicRouteGuard } from './PublicRouteGuard';

const PUBLIC_PAGES: Record<(typeof PUBLIC_ROUTES)[number], ComponentType> = {
  '/login': LoginPage,
  '/welcome': WelcomePage,
  '/password/reset': ResetPasswordPage,
  '/forgot-password': ForgotPasswordPage,
  '/error': ErrorPage,
  '/logout': LogoutPage,
};

/** The open pages of §2.1, shown without the shell (children of <CustomRoutes noLayout>). */
export const publicRoutes = PUBLIC_ROUTES.map((path) => {
  const Page = PUBLIC_PAGES[path];
  return (
    <Route
      key={path}
      path={path}
      element={
        <PublicRouteGuard>
          <Page />
        </PublicRouteGuard>
      }
    />
  );
});
