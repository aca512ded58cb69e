import ApiIcon from '@mui/icons-material/Api';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import PsychologyIcon from '@mui/icons-material/PsychologyOutlined';
import HelpIcon from '@mui/icons-material/HelpOutline';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutline';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import type { UserMenuItem } from '../../../domain';

export const USER_MENU_ICONS: Record<UserMenuItem['key'], ComponentType<SvgIconProps>> = {
  profile: PersonIcon,
  settings: SettingsIcon,
  tokens: KeyIcon,
  'my-policies': PolicyIcon,
  'my-language-models': PsychologyIcon,
  'my-groups': GroupsIcon,
  'api-docs': ApiIcon,
  help: HelpIcon,
  logout: LogoutIcon,
};
