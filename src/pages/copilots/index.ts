import { lazy } from 'react';

export const CopilotsPage = lazy(() => import('./CopilotsPage').then((module) => ({ default: module.CopilotsPage })));
