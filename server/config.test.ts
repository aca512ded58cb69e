import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has the defaults of the README', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATABASE_URL: 'sqlite:./data/console.db' });
    expect(config.SEED_DEMO).toBeUndefined();
    expect(config.GATEWAY_RATE_LIMIT_RPM).toBe(120);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    // Jobs run in their own thread, except on an in-memory database the thread could not share.
    expect(config.JOBS_THREAD).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).JOBS_THREAD).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:', JOBS_THREAD: 'true' }).JOBS_THREAD).toBe(true);
  });

  it('parses flags and numbers', () => {
    expect(loadConfig({ SEED_DEMO: 'false', PORT: '9000' })).toMatchObject({ SEED_DEMO: false, PORT: 9000 });
    expect(loadConfig({ SEED_DEMO: 'yes' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ GATEWAY_RATE_LIMIT_RPM: '600' }).GATEWAY_RATE_LIMIT_RPM).toBe(600);
    for (const bad of ['0', '1.5', 'many', '100001']) expect(() => loadConfig({ GATEWAY_RATE_LIMIT_RPM: bad }), bad).toThrow(/GATEWAY_RATE_LIMIT_RPM: must/);
    expect(loadConfig({})).toMatchObject({ JOBS_CONCURRENCY: 4, JOBS_PER_TYPE: 2 });
    expect(loadConfig({ JOBS_CONCURRENCY: '8', JOBS_PER_TYPE: '3' })).toMatchObject({ JOBS_CONCURRENCY: 8, JOBS_PER_TYPE: 3 });
    for (const bad of ['0', '2.5', 'all', '33']) {
      expect(() => loadConfig({ JOBS_CONCURRENCY: bad }), bad).toThrow(/JOBS_CONCURRENCY: must/);
      expect(() => loadConfig({ JOBS_PER_TYPE: bad }), bad).toThrow(/JOBS_PER_TYPE: must/);
    }
  });

  it('reads ALLOWED_HOSTS as a list of host or host:port and refuses anything else', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'console.example.com, 10.0.0.5:8080,[::1]' }).ALLOWED_HOSTS).toEqual(['console.example.com', '10.0.0.5:8080', '[::1]']);
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://console.example.com' })).toThrow(/ALLOWED_HOSTS: use host names or host:port/);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'evil.example/@x' })).toThrow(ConfigError);
  });

  it('names each bad value with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', DEMO_PASSWORD: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', DEMO_PASSWORD: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a number');
      expect(message).toContain('DATABASE_URL: use sqlite:<path> or postgres://user@host:port/database');
      expect(message).toContain('SEED_DEMO: use true or false');
      expect(message).toContain('DEMO_PASSWORD: must have at least 8 characters');
    }
  });

  it('reads OUTBOUND_ALLOW_HOSTS as canonical host names and addresses, and names a bad entry', () => {
    expect(loadConfig({}).OUTBOUND_ALLOW_HOSTS).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1, Ollama.Internal,[::1]' }).OUTBOUND_ALLOW_HOSTS).toEqual(['127.0.0.1', 'ollama.internal', '::1']);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1,https://ollama.internal:11434' })).toThrow(
      'OUTBOUND_ALLOW_HOSTS: "https://ollama.internal:11434" is not a host name or address; list them separated by commas, e.g. 127.0.0.1,ollama.internal',
    );
  });
});
