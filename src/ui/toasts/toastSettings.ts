import type { ToastContainerProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../../domain';

/** §2: toasts top-right, newest first, closing after 3000 ms in the shell. */
export const TOAST_CONTAINER_SETTINGS = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  newestOnTop: true,
  closeOnClick: false,
  pauseOnHover: true,
  // Close after 3000 ms even when the window is not focused (a background tab, a headless browser).
  pauseOnFocusLoss: false,
  draggable: false,
  theme: 'light',
  // Below the 48 px app bar, so that a toast never covers the account menu.
  style: { top: 'calc(48px + 1em)' },
} as const satisfies ToastContainerProps;
