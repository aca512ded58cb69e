export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { ConfirmProvider } from './ConfirmProvider';
export { useConfirm } from './useConfirm';
export type { Confirm, ConfirmOptions } from './ConfirmContext';
