import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/**
 * Encrypts secrets at rest (provider API keys, client secrets) with AES-256-GCM.
 * Stored form: "v1:<iv>:<tag>:<ciphertext>", all base64url. A value is never logged or returned to the SPA.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, body] = stored.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable encrypted value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The key comes from SECRETS_KEY (base64, 32 bytes) or is generated once into the data folder. */
export function loadSecretBox(configuredKey: string | undefined, dataDir: string): SecretBox {
  if (configuredKey) return new SecretBox(Buffer.from(configuredKey, 'base64'));
  const file = path.join(dataDir, 'secrets.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return new SecretBox(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'));
}
