import { createContext } from 'react';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** Resolves true for OK and false for Cancel (or a dismissed dialog). */
export type Confirm = (options?: ConfirmOptions) => Promise<boolean>;

export const ConfirmContext = createContext<Confirm | undefined>(undefined);
