import { createContext, useContext } from 'react';
import { DEFAULT_META } from '../../domain';
import type { AppMeta } from '../../domain';

export const AppMetaContext = createContext<AppMeta>(DEFAULT_META);

/** The branding and feature flags read at start-up. */
export function useAppMeta(): AppMeta {
  return useContext(AppMetaContext);
}
