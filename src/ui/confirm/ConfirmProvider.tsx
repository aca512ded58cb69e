import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { CONFIRM_DEFAULT_MESSAGE, CONFIRM_DEFAULT_TITLE } from '../../../domain';
import { ConfirmDialog } from './ConfirmDialog';
import { ConfirmContext } from './ConfirmContext';
import type { ConfirmOptions } from './ConfirmContext';

/** Hosts the one confirmation dialog that useConfirm() opens. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions>();
  const resolveRef = useRef<(answer: boolean) => void>(undefined);

  const answer = useCallback((value: boolean) => {
    resolveRef.current?.(value);
    resolveRef.current = undefined;
    setOptions(undefined);
  }, []);

  const confirm = useCallback(
    (next: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current?.(false); // a question still open counts as declined
        resolveRef.current = resolve;
        setOptions(next);
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={options !== undefined}
        title={options?.title ?? CONFIRM_DEFAULT_TITLE}
        message={options?.message ?? CONFIRM_DEFAULT_MESSAGE}
        confirmLabel={options?.confirmLabel}
        cancelLabel={options?.cancelLabel}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </ConfirmContext.Provider>
  );
}
