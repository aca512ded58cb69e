/** Short, human messages for /login?error=…; provider internals are logged, never shown. */
export const SIGN_IN_MESSAGES = {
  notAvailable: 'This sign-in option is not available.',
  unreachable: 'The identity provider could not be reached. Please try again later.',
  expired: 'Your sign-in expired or was started in another window. Please try again.',
  cancelled: 'Sign-in was cancelled at the identity provider.',
  noVerifiedEmail: 'The identity provider did not share a verified email address.',
  domainNotAllowed: 'Your email domain is not allowed to sign in here.',
  disabled: 'Your account is disabled. Contact your administrator.',
  otherAccount: 'This account cannot sign in with this identity provider.',
  failed: 'Sign-in with the identity provider failed. Please try again.',
} as const;

/** A refusal with a message fit for the user, and a reason for the log (no secrets in either). */
export class OidcSignInError extends Error {
  constructor(
    readonly userMessage: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export function loginErrorLocation(message: string): string {
  return `/login?error=${encodeURIComponent(message)}`;
}
