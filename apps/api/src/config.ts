import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The address to listen on. Unset: loopback on the embedded database (a trial on a laptop is not
   * served to its network), every interface with DATABASE_URL (a server deployment). HOST opens or
   * narrows it deliberately.
   */
  HOST: z.string().min(1).optional(),
  /** Where the embedded database and uploaded files live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  DATABASE_URL: z.string().optional(),
  /** The fixed client secret the web app sends with POST authenticate (doc 3 §7). */
  AUTH_CLIENT_SECRET: z.string().min(1).default('stockpot-web'),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** A session unused this long is over, whatever its absolute limit (docs/decisions.md). */
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  /**
   * Which proxies may tell the client's address and protocol (X-Forwarded-For, X-Forwarded-Proto).
   * Off by default: the socket's address is the client's. Set it to the load balancer's addresses or
   * subnets (comma-separated, or `loopback`, `uniquelocal`), or to a hop count; `true` trusts any
   * sender and is only safe when nothing but the proxy can reach the server.
   */
  TRUST_PROXY: z
    .union([z.string(), z.boolean(), z.number().int().min(0), z.array(z.string())])
    .optional()
    .transform((value, ctx) => parseTrustProxy(value, ctx)),
  /** Failed sign-ins per e-mail and address allowed in the window before sign-in is refused. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  /**
   * Failed sign-ins per account from all addresses together in the window: stops guessing spread
   * over many addresses. Higher than the per-address limit, so one person's typos elsewhere do not
   * lock the account.
   */
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
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
  /**
   * Encrypts stored secrets such as distributor website passwords (AES-256-GCM, key derived with
   * SHA-256). Every process of a deployment needs the same value; set your own in production.
   */
  CREDENTIALS_KEY: z.string().min(16).default('stockpot-development-credentials-key'),
  /**
   * Invoices by e-mail (issue 36): the port the inbound SMTP listener takes mail on (25 behind an MX
   * record; 0 picks a free port, for tests). Unset: no listener, and locations have no invoice address.
   */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address the inbound SMTP listener binds; default HOST. */
  INBOUND_SMTP_HOST: z.string().min(1).optional(),
  /** The domain of the invoice addresses (invoices+<token>@INBOUND_MAIL_DOMAIN); its MX record points at this server. */
  INBOUND_MAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a mail domain such as invoices.example.com')
    .optional(),
  /** Where help reports from /help are e-mailed. */
  SUPPORT_EMAIL: z.string().email().default('support@stockpot.example'),
  /** Where generated files (purchase orders) are kept; default `${DATA_DIR}/files`. */
  FILES_DIR: z.string().optional(),
  /** The address people open the app at, for links in e-mails. */
  APP_URL: z.string().url().default('http://localhost:3000'),
  /** The built single-page app to serve; absent in API-only runs. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** Server processes to run (node:cluster) against one PostgreSQL; the embedded database allows only 1. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** How often an open live-events stream sends a heartbeat and re-checks its session (issue 40). */
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(25),
  /**
   * postgres://… for the live events' LISTEN connection when DATABASE_URL goes through a pooler in
   * transaction mode (PgBouncer), which cannot hold a LISTEN; default: DATABASE_URL's server.
   */
  EVENTS_LISTEN_URL: z.string().optional(),
  /** Whether this process runs background jobs (purchase orders, e-mail); 0 makes a process that only serves requests. */
  JOBS_WORK: z
    .union([z.boolean(), z.enum(['0', '1', 'false', 'true']).transform((value) => value === '1' || value === 'true')])
    .default(true),
  /** How often an idle job worker looks for due jobs (retries, jobs of other processes). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Attempts after the first before a job is marked failed, and the back-off's base delay (doubling, with jitter). */
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How often the queue's maintenance runs: it retries the jobs whose attempt outlived its limit,
   * which is how a job held by a process that died (kill -9, a lost machine) runs again. 10 s keeps
   * a purchase order's pickup under a minute (docs/decisions.md "Purchase order dispatch"); the
   * processes share one run per interval (pg-boss records when it last ran).
   */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * When the job queue re-prices the place-order list of every location whose day has turned (cron,
   * UTC). Hourly by default, because locations in different time zones reach midnight at different
   * hours and a location whose day has not turned costs one index probe. `off` disables it.
   */
  READ_MODEL_REFRESH_CRON: z
    .string()
    .trim()
    .refine((value) => value === 'off' || value.split(/\s+/).length === 5, 'a five-field cron expression, or off')
    .default('5 * * * *'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'HOST'> & { HOST: string };

/** What Fastify's `trustProxy` accepts from TRUST_PROXY: false, true, a hop count, or addresses and subnets. */
export type TrustProxySetting = boolean | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string | TrustProxySetting | undefined, ctx: z.RefinementCtx): TrustProxySetting {
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  const text = (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !PROXY_NAMES.has(entry) && !isAddressOrSubnet(entry));
  if (invalid.length > 0) {
    ctx.addIssue({ code: 'custom', message: `not an address, subnet or hop count: ${invalid.join(', ')}` });
    return z.NEVER;
  }
  return entries;
}

function isAddressOrSubnet(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (isIP(address) === 4 ? 32 : 128);
}

/** Reads the configuration from the environment, failing fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = configSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.INBOUND_SMTP_PORT !== undefined && !parsed.data.INBOUND_MAIL_DOMAIN)
    throw new Error(
      'Invalid configuration: INBOUND_MAIL_DOMAIN: required with INBOUND_SMTP_PORT (the domain of the invoice addresses)',
    );
  return { ...parsed.data, HOST: parsed.data.HOST ?? (parsed.data.DATABASE_URL ? '0.0.0.0' : '127.0.0.1') };
}
