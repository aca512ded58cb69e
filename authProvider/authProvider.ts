import type { AuthProvider } from 'react-admin';
import { canAccessPath, CurrentUserSchema, defaultRouteForRole } from '../domain';
import type { LoginRequest } from '../domain';
import { postJson } from '../dataProvider/api';
import { clearAuthStorage, readAuthStorage, writeAuthStorage } from './authStorage';
import { fetchCurrentUser, toIdentity } from './currentUser';
import { isLeavingPage } from './pageLeaving';
import { applySessionLostRule, statusOf } from './sessionLostRule';

export const authProvider: AuthProvider = {
  async login({ Email, Password }: LoginRequest) {
    const user = await postJson('/auth/login', { Email, Password }, CurrentUserSchema);
    writeAuthStorage(user);
    // Signed in on a sign-in page: §2.2 sends the user on to the default route of their role.
    return { redirectTo: defaultRouteForRole(user.Role) ?? '/' };
  },

  // react-admin calls this when a check fails and then routes to /login. Ending the server session is a
  // browser navigation (endSession), done by the user menu and the /logout page.
  async logout() {
    clearAuthStorage();
  },

  async checkAuth() {
    if (!readAuthStorage()) throw { redirectTo: '/login', message: false };
  },

  async checkError(error: unknown) {
    if (applySessionLostRule(statusOf(error))) throw error;
  },

  async getIdentity(params?: { signal?: AbortSignal }) {
    try {
      const user = await fetchCurrentUser(params?.signal);
      writeAuthStorage(user);
      return toIdentity(user);
    } catch (error) {
      // §2.2: a failed session check leads to /login. The stored state must go with it, or the sign-in-only wrapper
      // of /login sends the visitor back to a page whose check fails again, in a loop. A check cancelled by its caller
      // or by leaving the page says nothing about the session.
      if (!params?.signal?.aborted && !isLeavingPage()) clearAuthStorage();
      throw error;
    }
  },

  // A resource is allowed where its screen path is: "admin/customers" follows the /admin/customers route.
  async canAccess({ resource }) {
    const stored = readAuthStorage();
    return stored !== undefined && canAccessPath(stored.Role, `/${resource}`);
  },
};
