import type { FastifyReply } from 'fastify';
import type { SecretBox } from '../security/secret-box';

export const DEVICE_COOKIE = 'console_device';
const DEVICE_TTL_MS = 180 * 24 * 3600_000;
/** Only the sign-in call needs it. */
const DEVICE_COOKIE_PATH = '/api/v1/auth/login';
const PURPOSE = 'known-device';

/**
 * A browser that has signed in to an account with its password before. The account-wide lockout (failures from any
 * address) does not apply to it, so that an attacker who fails on purpose from many addresses cannot lock the owner out
 * of their usual browser. The proof is sealed with the server's secrets key (AES-GCM): it cannot be forged or moved to
 * another account, and it never replaces the password.
 */
export class KnownDevices {
  constructor(private readonly secrets: SecretBox) {}

  issue(userId: string, at = Date.now()): string {
    return this.secrets.encrypt(JSON.stringify({ purpose: PURPOSE, userId, at }));
  }

  recognises(token: string | undefined, userId: string, at = Date.now()): boolean {
    if (!token || token.length > 1000) return false;
    try {
      const proof = JSON.parse(this.secrets.decrypt(token)) as { purpose?: unknown; userId?: unknown; at?: unknown };
      return proof.purpose === PURPOSE && proof.userId === userId && typeof proof.at === 'number' && at - proof.at < DEVICE_TTL_MS && proof.at <= at;
    } catch {
      return false;
    }
  }
}

export function setDeviceCookie(reply: FastifyReply, token: string): void {
  void reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    maxAge: Math.floor(DEVICE_TTL_MS / 1000),
  });
}
