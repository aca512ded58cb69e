import { useContext } from 'react';
import { ConfirmContext } from './ConfirmContext';
import type { Confirm } from './ConfirmContext';

/**
 * const confirm = useConfirm();
 * if (await confirm({ title: 'Delete policy?' })) ...
 * Defaults: title "Are you sure?", message "This action cannot be reversed", buttons OK and Cancel.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside a <ConfirmProvider>.');
  return confirm;
}
