import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Collapse, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { NavItem } from '../../../domain';
import { navIcon } from './navIcons';

interface SideNavLinkProps {
  item: NavItem;
  /** The page shown is this entry's: highlighted. */
  selected: boolean;
  /** The entry holds the page shown (itself or a child): emphasized. */
  emphasized: boolean;
  sidebarOpen: boolean;
  nested?: boolean;
  onNavigate: () => void;
}

function SideNavLink({ item, selected, emphasized, sidebarOpen, nested = false, onNavigate }: SideNavLinkProps) {
  const Icon = navIcon(item.icon);
  const link = (
    <ListItemButton
      component={Link}
      to={item.path}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      onClick={onNavigate}
      sx={{ borderRadius: 1, minHeight: 40, pl: nested ? 4.5 : 1.5, pr: 1.5 }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: emphasized ? 'primary.main' : undefined }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={item.label}
        slotProps={{ primary: { variant: 'body2', fontWeight: emphasized ? 600 : 400 } }}
      />
    </ListItemButton>
  );
  return sidebarOpen ? (
    link
  ) : (
    <Tooltip title={item.label} placement="right">
      {link}
    </Tooltip>
  );
}

export interface SideNavItemProps {
  item: NavItem;
  active: boolean;
  activeChild: NavItem | undefined;
  sidebarOpen: boolean;
  onNavigate: () => void;
}

/** One entry of the side navigation; an entry with children opens while it is active or on demand. */
export function SideNavItem({ item, active, activeChild, sidebarOpen, onNavigate }: SideNavItemProps) {
  const children = item.children ?? [];
  const [toggled, setToggled] = useState<boolean>();
  const expanded = sidebarOpen && children.length > 0 && (toggled ?? active);

  // One <li> per entry: the entry's row and, inside the same item, the list of its child pages (a <ul> may hold
  // only <li>s, so the collapsible child list cannot be the row's sibling).
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ListItem
        component="div"
        disablePadding
        sx={{ px: 1, py: 0.25 }}
        secondaryAction={
          sidebarOpen && children.length > 0 ? (
            <IconButton
              edge="end"
              size="small"
              aria-label={`${expanded ? 'Collapse' : 'Expand'} ${item.label}`}
              aria-expanded={expanded}
              onClick={() => setToggled(!expanded)}
              sx={{ mr: 0.5 }}
            >
              {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </IconButton>
          ) : undefined
        }
      >
        <SideNavLink
          item={item}
          selected={active && !activeChild}
          emphasized={active}
          sidebarOpen={sidebarOpen} onNavigate={onNavigate} />
      </ListItem>
      {children.length > 0 && (
        <Collapse in={expanded} timeout="auto" unmountOnExit>
          <List disablePadding aria-label={`${item.label} pages`}>
            {children.map((child) => (
              <ListItem key={child.key} disablePadding sx={{ px: 1, py: 0.25 }}>
                <SideNavLink
                  item={child}
                  selected={child.key === activeChild?.key}
                  emphasized={child.key === activeChild?.key}
                  sidebarOpen={sidebarOpen}
                  nested
                  onNavigate={onNavigate}
                />
              </ListItem>
            ))}
          </List>
        </Collapse>
      )}
    </Box>
  );
}
