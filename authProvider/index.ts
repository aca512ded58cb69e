export { authProvider } from './authProvider';
export { clearAuthStorage, readAuthStorage, writeAuthStorage, toAuthStorage } from './authStorage';
export { fetchCurrentUser, toIdentity } from './currentUser';
export type { CurrentUserIdentity } from './currentUser';
export { endSession } from './endSession';
export { applySessionLostRule, isSessionLost, NO_RESPONSE_STATUS, staysOnPage, statusOf } from './sessionLostRule';
