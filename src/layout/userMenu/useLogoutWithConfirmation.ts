import { useResetStore } from 'react-admin';
import { LOGOUT_CONFIRM_TEXT, LOGOUT_CONFIRM_TITLE, LOGOUT_PATH } from '../../../domain';
import { clearAuthStorage } from '../../../authProvider/authStorage';
import { useConfirm } from '../../ui/confirm';

/**
 * §2.6 Logout: asks first; then removes the stored sign-in state and react-admin's stored preferences, and
 * navigates the browser to /auth/google/logout, where the server ends the session and clears the cookie.
 */
export function useLogoutWithConfirmation(): () => Promise<void> {
  const confirm = useConfirm();
  const resetStore = useResetStore();
  return async () => {
    const confirmed = await confirm({ title: LOGOUT_CONFIRM_TITLE, message: LOGOUT_CONFIRM_TEXT });
    if (!confirmed) return;
    clearAuthStorage();
    resetStore();
    window.location.assign(LOGOUT_PATH);
  };
}
