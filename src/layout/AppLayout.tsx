import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { RouteGuard } from '../routing/RouteGuard';
import { ConfirmProvider } from '../ui/confirm';
import { CrashScreen } from '../ui/crash/CrashScreen';
import { AppHeader } from './AppHeader';
import { PageLoading } from './PageLoading';
import { SideNav } from './sideNav/SideNav';

/**
 * Everything react-admin renders inside the layout (custom routes now, resources later) passes the route
 * guard first, so nobody sees the shell of a page they may not open.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <RouteGuard>
      <ConfirmProvider>
        {/* minWidth 0 (react-admin sets fit-content): a wide table scrolls inside its list instead of pushing the page sideways. */}
        <Layout appBar={AppHeader} menu={SideNav} error={CrashScreen} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </Layout>
      </ConfirmProvider>
    </RouteGuard>
  );
}
