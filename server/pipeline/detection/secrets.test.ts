import { describe, expect, it } from 'vitest';
import { SECRET_TYPES, detectSecrets } from './index';

const found = (text: string) => detectSecrets(text).map(({ type, text: t }) => ({ type, text: t }));

describe('detectSecrets', () => {
  it.each([
    ['OPENAI_API_KEY', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'],
    ['ANTHROPIC_API_KEY', 'sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe'],
    ['AWS_ACCESS_KEY', 'AKIAIOSFODNN7EXAMPLE'],
    ['GITHUB_TOKEN', 'ghp_1234567890abcdefghijABCDEFGHIJ123456'],
    ['SLACK_TOKEN', 'xoxb-123456789012-1234567890123-AbCdEfGhIjKl'],
    ['GOOGLE_API_KEY', 'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'],
    ['STRIPE_KEY', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
    ['JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  ] as const)('finds a %s', (type, secret) => {
    const text = `here you go: ${secret} - keep it safe`;
    expect(detectSecrets(text)).toEqual([{ type, start: 13, end: 13 + secret.length, score: expect.any(Number), text: secret }]);
  });

  it('finds an AWS secret key next to its label', () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY1';
    expect(found(`aws_secret_access_key = ${secret.slice(0, 40)}`)).toEqual([{ type: 'AWS_SECRET_KEY', text: secret.slice(0, 40) }]);
  });

  it('finds PEM private keys', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----';
    expect(found(`key:\n${pem}\nthanks`)).toEqual([{ type: 'PRIVATE_KEY', text: pem }]);
  });

  it('finds passwords in assignments and connection strings, not the word alone', () => {
    expect(found('DB_PASSWORD="s3cr3t!Pass"')).toEqual([{ type: 'PASSWORD', text: 's3cr3t!Pass' }]);
    expect(found('my password is hunter22')).toEqual([{ type: 'PASSWORD', text: 'hunter22' }]);
    expect(found('postgres://admin:Tr0ub4dor@db.internal:5432/app')).toEqual([{ type: 'PASSWORD', text: 'Tr0ub4dor' }]);
    expect(found('Password is required and the password field is empty.')).toEqual([]);
  });

  it('finds high-entropy values next to key/token words only', () => {
    expect(found('api_key: 9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c')).toEqual([{ type: 'API_KEY', text: '9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c' }]);
    expect(found('the token economy is growing in 2024')).toEqual([]);
    expect(found('commit 9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c fixed it')).toEqual([]);
  });

  it('exports every type it can report', () => {
    expect(SECRET_TYPES).toContain('PRIVATE_KEY');
    expect(SECRET_TYPES).toContain('PASSWORD');
    expect(SECRET_TYPES.length).toBe(12);
  });
});
