import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database and uploaded files live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  DATABASE_URL: z.string().optional(),
  /** The fixed client secret the web app sends with POST authenticate (doc 3 §7). */
  AUTH_CLIENT_SECRET: z.string().min(1).default('stockpot-web'),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Failed sign-ins per e-mail and address allowed in the window before sign-in is refused. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** All sign-in calls per client address per minute, whatever the outcome. */
  SIGN_IN_MAX_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** The card payment provider (see platform/payments): `test` is the built-in test gateway, which charges nothing. */
  PAYMENT_GATEWAY: z.enum(['test']).default('test'),
  /**
   * Signs the test gateway's tokens. Every process of one deployment needs the same value; set your
   * own wherever the default is not good enough (it only ever guards test cards).
   */
  PAYMENT_GATEWAY_SECRET: z.string().min(16).default('stockpot-test-gateway-development-secret'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** smtp://user:pass@host:port (or smtps://) to send mail; without it mail stays in the outbox table and is logged. */
  SMTP_URL: z.string().optional(),
  /** Where generated files (purchase orders) are kept; default `${DATA_DIR}/files`. */
  FILES_DIR: z.string().optional(),
  /** The address people open the app at, for links in e-mails. */
  APP_URL: z.string().url().default('http://localhost:3000'),
  /** The built single-page app to serve; absent in API-only runs. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Server processes to run (node:cluster) against one PostgreSQL; the embedded database allows only 1. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Whether this process runs background jobs (purchase orders, e-mail); 0 makes a process that only serves requests. */
  JOBS_WORK: z
    .union([z.boolean(), z.enum(['0', '1', 'false', 'true']).transform((value) => value === '1' || value === 'true')])
    .default(true),
  /** How often an idle job worker looks for due jobs (retries, jobs of other processes). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Attempts after the first before a job is marked failed, and the back-off's base delay (doubling, with jitter). */
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type Config = z.infer<typeof configSchema>;

/** Reads the configuration from the environment, failing fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = configSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
