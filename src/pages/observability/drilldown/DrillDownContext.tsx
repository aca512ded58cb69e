// Every widget item, series point and histogram bin opens the same dialog: the prompts behind it (PromptIDs, paged),
// each linking to its lifecycle page.
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { DrillDownTarget } from '../../../../dataProvider/metricsQueries';
import { DrillDownDialog } from './DrillDownDialog';

export interface DrillDownRequest {
  /** What the prompts are, e.g. "Blocked prompts · March 3, 2026 06:00". */
  title: string;
  target: DrillDownTarget;
  /** The variables of the widget's Metrics query. */
  variables: Record<string, unknown>;
}

const DrillDownContext = createContext<((request: DrillDownRequest) => void) | undefined>(undefined);

export function useDrillDown(): (request: DrillDownRequest) => void {
  const open = useContext(DrillDownContext);
  if (!open) throw new Error('useDrillDown needs a <DrillDownProvider>');
  return open;
}

export function DrillDownProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<DrillDownRequest | undefined>();
  const open = useCallback((next: DrillDownRequest) => setRequest(next), []);
  const value = useMemo(() => open, [open]);
  return (
    <DrillDownContext.Provider value={value}>
      {children}
      {request && <DrillDownDialog request={request} onClose={() => setRequest(undefined)} />}
    </DrillDownContext.Provider>
  );
}
