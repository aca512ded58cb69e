import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { lazy, Suspense, useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from './pages/auth/LoginPage';
import { PublicRouteGuard } from './routing/PublicRouteGuard';
import { AppMetaContext } from './startup/AppMetaContext';
import { LoadingScreen } from './startup/LoadingScreen';
import { buildTheme } from './startup/theme';
import { useStartupMeta } from './startup/useStartupMeta';

const loadApp = () => import('./App');
const App = lazy(() => loadApp().then((module) => ({ default: module.App })));
// Any page but the sign-in page needs the app: ask for it now rather than after the first render.
if (typeof window !== 'undefined' && window.location.pathname !== '/login') void loadApp();

/** /login on its own: the branded sign-in card without react-admin, which loads once the visitor goes further. */
function StandaloneLogin() {
  const meta = useStartupMeta();
  const theme = useMemo(() => (meta ? createTheme(buildTheme(meta.Theme.ThemeColor)) : undefined), [meta]);
  if (!meta || !theme) return <LoadingScreen />;
  return (
    <AppMetaContext.Provider value={meta}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <PublicRouteGuard>
          <LoginPage />
        </PublicRouteGuard>
      </ThemeProvider>
    </AppMetaContext.Provider>
  );
}

/**
 * The entry's routes. The sign-in page is most visitors' first load, so it is served without react-admin and the
 * resources (`npm run size:first-load` measures it); every other path is the react-admin app, loaded on demand.
 */
export function Root() {
  return (
    <Routes>
      <Route path="/login" element={<StandaloneLogin />} />
      <Route
        path="*"
        element={
          <Suspense fallback={<LoadingScreen />}>
            <App />
          </Suspense>
        }
      />
    </Routes>
  );
}
