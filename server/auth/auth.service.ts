import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../domain/schemas/auth';
import type { Database } from '../db/schema';
import { UsersRepository } from '../directory/users.repository';
import { badRequest, tooManyRequests, unauthorized } from '../http/errors';
import { toCurrentUser } from './current-user';
import { hashPassword, randomSecret, sha256, verifyPassword } from './crypto';
import { PasswordTokensRepository } from './password-tokens.repository';
import type { PasswordTokenPurpose } from './password-tokens.repository';
import type { Principal } from './principal';
import { principalOfUser } from './principal';
import type { KnownDevices } from './known-device';
import { RateLimiter } from './rate-limiter';
import { SessionsRepository } from './sessions.repository';

const MINUTE = 60_000;
/**
 * Failed sign-ins counted in fixed windows that run out by themselves (time-based unlock). perAccount counts failures
 * from every address together (an attacker with many addresses); it does not apply to a browser that signed in to the
 * account before (KnownDevices), and a password reset through the emailed link clears it. See server/auth/README.md.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: { limit: 5, windowMs: 15 * MINUTE },
  perAddress: { limit: 50, windowMs: 15 * MINUTE },
  perAccount: { limit: 20, windowMs: 15 * MINUTE },
};
export const ACCOUNT_LOCKED =
  'This account is locked for now after too many failed sign-ins. Try again in {minutes}, sign in from a browser you have used before, or reset your password.';
const FORGOT_LIMITS = { perAddress: { limit: 10, windowMs: 15 * MINUTE }, perAccount: { limit: 3, windowMs: 60 * MINUTE } };
const PASSWORD_TOKEN_TTL_MS: Record<PasswordTokenPurpose, number> = { reset: 60 * MINUTE, welcome: 7 * 24 * 60 * MINUTE };
/** A session's expiry slides forward at most this often, so reads do not write on every request. */
const SESSION_TOUCH_EVERY_MS = 5 * MINUTE;

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
export const FORGOT_PASSWORD_ANSWER = 'If an account uses that address, a link to reset its password is on its way.';
export const INVALID_RESET_LINK = 'This link is invalid or has expired. Ask for a new one.';

export interface AuthServiceOptions {
  sessionTtlMs: number;
  /** Browsers that signed in before, exempt from the account-wide lockout; without it that lockout has no exemption. */
  knownDevices?: KnownDevices;
  /** Where a password link goes when no mail server is configured. */
  deliverLink: (link: { email: string; url: string; purpose: PasswordTokenPurpose }) => void;
}

export class AuthService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly passwordTokens: PasswordTokensRepository;
  private readonly limiter: RateLimiter;
  private readonly devices: KnownDevices | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AuthServiceOptions,
  ) {
    this.users = new UsersRepository(db);
    this.sessions = new SessionsRepository(db);
    this.passwordTokens = new PasswordTokensRepository(db);
    this.limiter = new RateLimiter(db);
    this.devices = options.knownDevices;
  }

  async login(
    email: string,
    password: string,
    ip: string,
    userAgent: string | undefined,
    deviceToken?: string,
  ): Promise<{ user: CurrentUser; sessionToken: string; deviceToken: string | undefined }> {
    const accountKey = `login:${email}|${ip}`;
    const addressKey = `login-ip:${ip}`;
    const accountWideKey = accountLockKey(email);
    const [byAccountAndAddress, byAddress, byAccount] = await Promise.all([
      this.limiter.isBlocked(accountKey, LOGIN_LIMITS.perAccountAndAddress.limit, LOGIN_LIMITS.perAccountAndAddress.windowMs),
      this.limiter.isBlocked(addressKey, LOGIN_LIMITS.perAddress.limit, LOGIN_LIMITS.perAddress.windowMs),
      this.limiter.isBlocked(accountWideKey, LOGIN_LIMITS.perAccount.limit, LOGIN_LIMITS.perAccount.windowMs),
    ]);
    const blocked = [byAccountAndAddress, byAddress].find((check) => check.blocked);
    if (blocked) {
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${minutesOf(blocked.retryAfterMs)}.`, blocked.retryAfterMs / 1000);
    }

    const credentials = await this.users.findCredentialsByEmail(email);
    if (byAccount.blocked && !(credentials && this.devices?.recognises(deviceToken, credentials.id))) {
      throw tooManyRequests(ACCOUNT_LOCKED.replace('{minutes}', minutesOf(byAccount.retryAfterMs)), byAccount.retryAfterMs / 1000);
    }
    const valid = await verifyPassword(credentials?.password_hash ?? null, password);
    if (!credentials || !valid || credentials.enabled !== 1) {
      await this.limiter.hit(accountKey, LOGIN_LIMITS.perAccountAndAddress.windowMs);
      await this.limiter.hit(addressKey, LOGIN_LIMITS.perAddress.windowMs);
      await this.limiter.hit(accountWideKey, LOGIN_LIMITS.perAccount.windowMs);
      throw unauthorized(WRONG_CREDENTIALS);
    }
    await this.limiter.reset(accountKey);
    const sessionToken = await this.startSession(credentials.id, ip, userAgent);
    const user = await this.currentUser(credentials.id);
    if (!user) throw unauthorized(WRONG_CREDENTIALS);
    return { user, sessionToken, deviceToken: this.devices?.issue(credentials.id) };
  }

  /** Creates a session and returns its secret; only the hash is stored. */
  async startSession(userId: string, ip: string | null, userAgent: string | undefined): Promise<string> {
    const token = randomSecret();
    const at = Date.now();
    await this.sessions.create({
      id_hash: sha256(token),
      user_id: userId,
      created_at: at,
      expires_at: at + this.options.sessionTtlMs,
      last_seen_at: at,
      ip,
      user_agent: userAgent?.slice(0, 300) ?? null,
    });
    await this.users.recordLogin(userId, at);
    return token;
  }

  async resolveSession(token: string): Promise<Principal | undefined> {
    const idHash = sha256(token);
    const at = Date.now();
    const session = await this.sessions.findActive(idHash, at);
    if (!session) return undefined;
    const principal = await this.principalOf(session.user_id, idHash);
    if (!principal) {
      await this.sessions.delete(idHash);
      return undefined;
    }
    if (at - session.last_seen_at > SESSION_TOUCH_EVERY_MS) {
      await this.sessions.touch(idHash, at, at + this.options.sessionTtlMs);
    }
    return principal;
  }

  /** The caller as an enabled user, or undefined when the user is gone or disabled. */
  async principalOf(userId: string, sessionIdHash: string | null): Promise<Principal | undefined> {
    const user = await this.users.findCurrentUser(userId);
    return user ? principalOfUser(user, sessionIdHash) : undefined;
  }

  async currentUser(userId: string): Promise<CurrentUser | undefined> {
    const row = await this.users.findCurrentUser(userId);
    return row ? toCurrentUser(row) : undefined;
  }

  async logout(token: string): Promise<void> {
    await this.sessions.delete(sha256(token));
  }

  async endAllSessions(userId: string): Promise<void> {
    await this.sessions.deleteForUser(userId);
  }

  async forgotPassword(email: string, ip: string, baseUrl: string): Promise<void> {
    const addressKey = `forgot-ip:${ip}`;
    const accountKey = `forgot:${email}`;
    const byAddress = await this.limiter.isBlocked(addressKey, FORGOT_LIMITS.perAddress.limit, FORGOT_LIMITS.perAddress.windowMs);
    if (byAddress.blocked) throw tooManyRequests('Too many requests. Try again later.', byAddress.retryAfterMs / 1000);
    await this.limiter.hit(addressKey, FORGOT_LIMITS.perAddress.windowMs);
    // Same answer whether or not the account exists; a flood against one account is quietly ignored.
    const byAccount = await this.limiter.isBlocked(accountKey, FORGOT_LIMITS.perAccount.limit, FORGOT_LIMITS.perAccount.windowMs);
    if (byAccount.blocked) return;
    await this.limiter.hit(accountKey, FORGOT_LIMITS.perAccount.windowMs);
    const user = await this.users.findIdByEmail(email);
    if (!user || user.enabled !== 1) return;
    await this.issuePasswordLink(user.id, email, 'reset', baseUrl);
  }

  /** Issues a one-time link to set a password (reset, or a new user's first password). */
  async issuePasswordLink(userId: string, email: string, purpose: PasswordTokenPurpose, baseUrl: string): Promise<string> {
    const token = randomSecret();
    const at = Date.now();
    await this.passwordTokens.create({
      id_hash: sha256(token),
      user_id: userId,
      purpose,
      created_at: at,
      expires_at: at + PASSWORD_TOKEN_TTL_MS[purpose],
      used_at: null,
    });
    const page = purpose === 'welcome' ? '/welcome' : '/password/reset';
    const url = `${baseUrl}${page}?token=${encodeURIComponent(token)}`;
    this.options.deliverLink({ email, url, purpose });
    return url;
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const at = Date.now();
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      const userId = await new PasswordTokensRepository(trx).consume(sha256(token), at);
      if (!userId) throw badRequest(INVALID_RESET_LINK);
      const users = new UsersRepository(trx);
      await users.setPasswordHash(userId, passwordHash, at);
      // The owner proved they hold the mailbox: the account-wide lockout ends with the new password.
      const owner = await users.findCurrentUser(userId);
      if (owner) await new RateLimiter(trx).reset(accountLockKey(owner.email));
      await new PasswordTokensRepository(trx).revokeForUser(userId, at);
      // A new password ends every session: whoever knew the old one is signed out.
      await new SessionsRepository(trx).deleteForUser(userId);
    });
  }
}

const accountLockKey = (email: string) => `login-account:${email}`;

function minutesOf(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
