// Configuration from the environment, validated once at start with a clear message per bad value.
import path from 'node:path';
import { z } from 'zod';
import { isValidHostEntry } from './http/base-url';
import { ALLOW_HOSTS_EXAMPLE, parseAllowHosts } from './outbound/allow-list';
import { parseDnsServers, readExtraCaFile, DNS_SERVERS_EXAMPLE } from './research/settings';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'use true or false' })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const ConfigSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/console.db')
    .refine((url) => /^sqlite:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url), {
      message: 'use sqlite:<path> or postgres://user@host:port/database',
    }),
  DEMO_PASSWORD: z.string().min(8, 'must have at least 8 characters').default('demo-password'),
  SEED_DEMO: booleanFlag.optional(),
  PUBLIC_URL: z.string().url('must be an absolute URL like https://console.example.com').optional(),
  /** When PUBLIC_URL is unset: the Host headers (host or host:port, comma-separated) links may be built on. */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((hosts) => hosts.every(isValidHostEntry), 'use host names or host:port, separated by commas, like console.example.com,10.0.0.5:8080'),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  /** Run background jobs in this process (turn off on API-only servers; tests drain jobs themselves). */
  JOBS: booleanFlag.default(true),
  /**
   * With JOBS: run them in a worker thread of this process, with its own event loop (server/jobs/job-host.ts), so that
   * people's requests never wait behind a search's or a sync's work. On unless the database is in memory (the thread
   * could not share it).
   */
  JOBS_THREAD: booleanFlag.optional(),
  /** Background jobs one server runs at once, and at most of one type (so one busy type never takes every slot). */
  JOBS_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(32, 'must be at most 32').default(4),
  JOBS_PER_TYPE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(32, 'must be at most 32').default(2),
  SECRETS_KEY: z
    .string()
    .refine((key) => Buffer.from(key, 'base64').length === 32, 'must be 32 bytes, base64-encoded (openssl rand -base64 32)')
    .optional(),
  NODE_ENV: z.string().default('production'),
  /** Hosts that outbound calls may reach although private, loopback, link-local or metadata (an on-prem Ollama). */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value, context) => {
      const parsed = parseAllowHosts(value);
      if ('hosts' in parsed) return parsed.hosts;
      context.addIssue({ code: 'custom', message: `"${parsed.invalid}" is not a host name or address; list them separated by commas, e.g. ${ALLOW_HOSTS_EXAMPLE}` });
      return z.NEVER;
    }),
  /** Gateway requests a minute of a member, a token or a copilot when neither it nor its organization sets a limit. */
  GATEWAY_RATE_LIMIT_RPM: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100000').default(120),
  /** DNS servers for company research (its scans and fetches); the system resolver when unset. */
  RESEARCH_DNS_SERVERS: z
    .string()
    .default('')
    .transform((value, context) => {
      const parsed = parseDnsServers(value);
      if ('servers' in parsed) return parsed.servers;
      context.addIssue({ code: 'custom', message: `"${parsed.invalid}" is not an address or address:port; list them separated by commas, e.g. ${DNS_SERVERS_EXAMPLE}` });
      return z.NEVER;
    }),
  /** A PEM file of CAs that research scans and fetches trust besides the system's. */
  RESEARCH_EXTRA_CA_FILE: z
    .string()
    .optional()
    .superRefine((file, context) => {
      const read = file ? readExtraCaFile(file) : null;
      if (read && 'invalid' in read) context.addIssue({ code: 'custom', message: read.invalid });
    }),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'JOBS_THREAD'> & { JOBS_THREAD: boolean; staticDir: string; dataDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(pickDefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  const sqlitePath = config.DATABASE_URL.startsWith('sqlite:') ? config.DATABASE_URL.slice('sqlite:'.length) : null;
  return {
    ...config,
    JOBS_THREAD: config.JOBS_THREAD ?? config.DATABASE_URL !== 'sqlite::memory:',
    staticDir: path.resolve(config.STATIC_DIR ?? 'dist/public'),
    dataDir: path.resolve(sqlitePath && sqlitePath !== ':memory:' ? path.dirname(sqlitePath) : 'data'),
  };
}

function pickDefined(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}
