import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { displayName, userMenuItemsFor } from '../../../domain';
import type { UserMenuItem } from '../../../domain';
import { useCurrentUser } from '../../routing/useCurrentUser';
import { UserAvatar } from './UserAvatar';
import { USER_MENU_ICONS } from './userMenuIcons';
import { useLogoutWithConfirmation } from './useLogoutWithConfirmation';

/** The user menu of §2.6: avatar and display name, then the items domain userMenuItemsFor(role) allows. */
export function AccountMenu() {
  const { user } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogoutWithConfirmation();
  const menuId = useId();
  if (!user) return null;

  const name = displayName(user);
  const close = () => setAnchor(null);
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);

  const renderItem = (item: UserMenuItem) => {
    const Icon = USER_MENU_ICONS[item.key];
    const content = [
      <ListItemIcon key="icon">
        <Icon fontSize="small" />
      </ListItemIcon>,
      <ListItemText key="text">{item.label}</ListItemText>,
    ];
    if (item.key === 'logout') {
      return (
        <MenuItem
          key={item.key}
          onClick={() => {
            close();
            void logout();
          }}
        >
          {content}
        </MenuItem>
      );
    }
    if (item.newTab) {
      // A plain link: the API documentation is served by the server, outside the SPA router.
      return (
        <MenuItem key={item.key} component="a" href={item.path} target="_blank" rel="noopener noreferrer" onClick={close}>
          {content}
          <OpenInNewIcon fontSize="inherit" sx={{ ml: 1, color: 'text.secondary' }} />
        </MenuItem>
      );
    }
    return (
      <MenuItem key={item.key} component={Link} to={item.path} onClick={close}>
        {content}
      </MenuItem>
    );
  };

  const items = userMenuItemsFor(user.Role);
  const pages = items.filter((item) => item.key !== 'logout');
  const logoutItem = items.find((item) => item.key === 'logout');

  return (
    <>
      <Button
        color="inherit"
        onClick={open}
        aria-label={`Account menu of ${name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ textTransform: 'none', gap: 1, ml: 1, px: 1 }}
      >
        <UserAvatar name={name} image={user.Image} />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, maxWidth: 200 }} className="user-display-name">
          <Typography variant="body2" noWrap component="span" sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <ListSubheader sx={{ lineHeight: 1.5, py: 1, bgcolor: 'transparent' }}>
          <Typography variant="subtitle2" color="text.primary" noWrap>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {user.Email}
          </Typography>
        </ListSubheader>
        <Divider />
        {pages.map(renderItem)}
        {logoutItem && <Divider />}
        {logoutItem && renderItem(logoutItem)}
      </Menu>
    </>
  );
}
