import { useEffect, useState } from 'react';
import type { AppMeta } from '../../domain';
import { applyBranding } from './applyBranding';
import { fetchAppMeta } from './fetchAppMeta';

/** Loads the metadata once and brands the document; undefined while loading. */
export function useStartupMeta(): AppMeta | undefined {
  const [meta, setMeta] = useState<AppMeta>();
  useEffect(() => {
    let active = true;
    void fetchAppMeta().then((loaded) => {
      if (!active) return;
      applyBranding(loaded);
      setMeta(loaded);
    });
    return () => {
      active = false;
    };
  }, []);
  return meta;
}
