// The browser cancels the requests in flight when the page is left (a link to another document, a reload, a typed
// address). Such a cancelled request has no response, yet the session is fine: the §8 rule must not end it. Without
// this, a navigation right after sign-in could land on /auth/google/logout instead of the page asked for.

/** How long after `beforeunload` a failed request still counts as the page being left (a cancelled unload resets it). */
const LEAVING_WINDOW_MS = 5000;

let leavingSince: number | undefined;

function markLeaving(): void {
  leavingSince = Date.now();
}

function markStaying(): void {
  leavingSince = undefined;
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', markLeaving);
  window.addEventListener('pagehide', markLeaving);
  // Back from the back-forward cache: the page is in use again.
  window.addEventListener('pageshow', markStaying);
}

/** Whether the page is being left, so that a request without a response was cancelled by the browser. */
export function isLeavingPage(): boolean {
  return leavingSince !== undefined && Date.now() - leavingSince < LEAVING_WINDOW_MS;
}
