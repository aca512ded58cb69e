import { Box, List, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { activeNavChild, activeNavItem, navItemsFor } from '../../../domain';
import { useCurrentUser } from '../../routing/useCurrentUser';
import { useAppMeta } from '../../startup/AppMetaContext';
import { SIDEBAR_WIDTH } from '../../startup/theme';
import { AppVersion } from './AppVersion';
import { SideNavItem } from './SideNavItem';

/** The side navigation of §2.5, exactly as domain navItemsFor(role, features) lists it. */
export function SideNav() {
  const { pathname } = useLocation();
  const { Features } = useAppMeta();
  const { user } = useCurrentUser();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  const items = navItemsFor(user?.Role, Features);
  const active = activeNavItem(items, pathname);
  // On phones the navigation is a drawer over the page: close it once a page is chosen.
  const closeOnPhones = () => {
    if (isSmall) setSidebarOpen(false);
  };

  return (
    // A fixed width when open, so that a short menu is as wide as a long one and its highlight spans the row.
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', pt: 1, width: sidebarOpen ? SIDEBAR_WIDTH : 'auto' }}>
      {/* A <nav> holding a <ul>: the entries are list items of a list (WCAG 1.3.1), not of the landmark. */}
      <Box component="nav" aria-label="Main navigation">
        <List disablePadding>
          {items.map((item) => (
            <SideNavItem
              key={item.key}
              item={item}
              active={item.key === active?.key}
              activeChild={item.key === active?.key ? activeNavChild(item, pathname) : undefined}
              sidebarOpen={sidebarOpen}
              onNavigate={closeOnPhones}
            />
          ))}
        </List>
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      <AppVersion compact={!sidebarOpen} />
    </Box>
  );
}
