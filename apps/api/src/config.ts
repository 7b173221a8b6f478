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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built single-page app to serve; absent in API-only runs. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
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
