import { lazy } from 'react';

export const SystemSettingsPage = lazy(() => import('./SystemSettingsPage').then((module) => ({ default: module.SystemSettingsPage })));
