import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretBox, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));

  it('round-trips and never stores the plain text', () => {
    const stored = box.encrypt('sk-live-123456');
    expect(stored).not.toContain('sk-live');
    expect(stored).toMatch(/^v1:/);
    expect(box.decrypt(stored)).toBe('sk-live-123456');
    expect(box.encrypt('sk-live-123456')).not.toBe(stored);
  });

  it('refuses a tampered value and a wrong key', () => {
    const stored = box.encrypt('secret');
    const parts = stored.split(':');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.decrypt(parts.join(':'))).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).decrypt(stored)).toThrow();
  });

  it('generates a key file once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    const first = loadSecretBox(undefined, dir).encrypt('x');
    expect(loadSecretBox(undefined, dir).decrypt(first)).toBe('x');
    expect(fs.statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
