import { useMemo } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { CatchAllRedirect } from './routing/CatchAllRedirect';
import { protectedRoutes } from './routing/protectedRoutes';
import { publicRoutes } from './routing/publicRoutes';
import { AppMetaContext } from './startup/AppMetaContext';
import { LoadingScreen } from './startup/LoadingScreen';
import { buildTheme } from './startup/theme';
import { useStartupMeta } from './startup/useStartupMeta';
import { CrashScreen } from './ui/crash/CrashScreen';
import { ToastNotifications } from './ui/toasts/ToastNotifications';

/**
 * Start-up (§2.2): "please wait..." while GET /api/v1/meta loads; then the branded admin. The session
 * check of protected pages runs in the layout's RouteGuard; the open pages skip it.
 */
export function App() {
  const meta = useStartupMeta();
  const theme = useMemo(() => (meta ? buildTheme(meta.Theme.ThemeColor) : undefined), [meta]);
  if (!meta || !theme) return <LoadingScreen />;

  return (
    <AppMetaContext.Provider value={meta}>
      <Admin
        disableTelemetry
        title={meta.Title}
        theme={theme}
        layout={AppLayout}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={false}
        authCallbackPage={false}
        catchAll={CatchAllRedirect}
        error={CrashScreen}
        loading={LoadingScreen}
        notification={ToastNotifications}
      >
        <CustomRoutes noLayout>{publicRoutes}</CustomRoutes>
        <CustomRoutes>{protectedRoutes}</CustomRoutes>
      </Admin>
    </AppMetaContext.Provider>
  );
}
