import { lazy } from 'react';

// recharts and Apollo load with this chunk only.
export const ObservabilityPage = lazy(() => import('./ObservabilityPage').then((module) => ({ default: module.ObservabilityPage })));
