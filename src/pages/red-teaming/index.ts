import { lazy } from 'react';

// recharts loads with this chunk only.
export const RedTeamingPage = lazy(() => import('./RedTeamingPage').then((module) => ({ default: module.RedTeamingPage })));
