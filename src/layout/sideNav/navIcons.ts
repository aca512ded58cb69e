import AppsIcon from '@mui/icons-material/Apps';
import BadgeIcon from '@mui/icons-material/Badge';
import BugReportIcon from '@mui/icons-material/BugReport';
import BusinessIcon from '@mui/icons-material/Business';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import CopyrightIcon from '@mui/icons-material/Copyright';
import CorporateFareIcon from '@mui/icons-material/CorporateFare';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import GroupsIcon from '@mui/icons-material/Groups';
import HubIcon from '@mui/icons-material/Hub';
import InsightsIcon from '@mui/icons-material/Insights';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import PsychologyIcon from '@mui/icons-material/Psychology';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import StorageIcon from '@mui/icons-material/Storage';
import TimelineIcon from '@mui/icons-material/Timeline';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import CircleIcon from '@mui/icons-material/CircleOutlined';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

type SvgIconComponent = ComponentType<SvgIconProps>;

/** The icon names used by domain/nav.ts, drawn with Material icons. */
const NAV_ICONS: Record<string, SvgIconComponent> = {
  apps: AppsIcon,
  badge: BadgeIcon,
  bug: BugReportIcon,
  business: BusinessIcon,
  chat: ChatIcon,
  copyright: CopyrightIcon,
  corporate: CorporateFareIcon,
  dashboard: DashboardIcon,
  groups: GroupsIcon,
  hub: HubIcon,
  insights: InsightsIcon,
  people: PeopleIcon,
  policy: PolicyIcon,
  psychology: PsychologyIcon,
  shield: ShieldIcon,
  storage: StorageIcon,
  timeline: TimelineIcon,
  verified: VerifiedIcon,
  warning: WarningIcon,
};

export function navIcon(name: string): SvgIconComponent {
  return NAV_ICONS[name] ?? CircleIcon;
}
