import { useMemo, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { help } from '../resources/help';
import { idps } from '../resources/idps';
import { languageModels } from '../resources/language-models';
import { myLanguageModels } from '../resources/my-language-models';
import { myGroups } from '../resources/my-groups';
import { myPolicies } from '../resources/my-policies';
import { policies } from '../resources/policies';
import { tokens } from '../resources/tokens';
import { auditLog } from '../resources/audit-log';
import { customers } from '../resources/customers';
import { dataSources } from '../resources/data-sources';
import { groups } from '../resources/groups';
import { organizations } from '../resources/organizations';
import { users } from '../resources/users';
import { verifiers } from '../resources/verifiers';
import { protectedWorks } from '../resources/protected-works';
import { i18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { CatchAllRedirect } from './routing/CatchAllRedirect';
import { protectedRoutes } from './routing/protectedRoutes';
import { publicRoutes } from './routing/publicRoutes';
import { AppMetaContext } from './startup/AppMetaContext';
import { LoadingScreen } from './startup/LoadingScreen';
import { createQueryClient } from './startup/queryClient';
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
  const [queryClient] = useState(createQueryClient);
  const theme = useMemo(() => (meta ? buildTheme(meta.Theme.ThemeColor) : undefined), [meta]);
  if (!meta || !theme) return <LoadingScreen />;

  return (
    <AppMetaContext.Provider value={meta}>
      <Admin
        disableTelemetry
        title={meta.Title}
        theme={theme}
        layout={AppLayout}
        queryClient={queryClient}
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
        <Resource {...tokens} />
        <Resource {...help} />
        <Resource {...idps} />
        <Resource {...myGroups} />
        <Resource {...customers} />
        <Resource {...organizations} />
        <Resource {...users} />
        <Resource {...groups} />
        <Resource {...auditLog} />
        <Resource {...languageModels} />
        <Resource {...myLanguageModels} />
        <Resource {...dataSources} />
        <Resource {...verifiers} />
        <Resource {...protectedWorks} />
        <Resource {...policies} />
        <Resource {...myPolicies} />
      </Admin>
    </AppMetaContext.Provider>
  );
}
