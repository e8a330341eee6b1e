import path from 'node:path';
import { z } from 'zod';

/** Every environment variable, parsed once (ARCHITECTURE.md, Configuration). */
const env = z.object({
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Boutiko <no-reply@boutiko.local>'),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGNIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0', '']).default('false'),
  IDEMPOTENCY_STALE_SECONDS: z.coerce.number().int().positive().default(60),
  ACTIVATION_PHONES: z.string().default('+225 07 00 00 00 00, +225 05 00 00 00 00'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof env>['LOG_LEVEL'];
  /** Sign-in, forgot-password and existence checks allowed per address and minute. */
  signinRateLimit: number;
  /**
   * Writes (every non-GET request of a signed-in user) allowed per user and minute, across all
   * routes: far above a busy cashier (a sale is two writes), low enough to stop a runaway
   * client. Counted in the database (rate-limit-store.ts), all servers together, like the sign-in limit.
   */
  writeRateLimit: number;
  /** Built web app to serve; unset when only the API runs (tests). */
  webDist: string | undefined;
  /**
   * Behind a reverse proxy: take the client address from X-Forwarded-For. Off by default, or
   * anyone could pick their own address and walk past the per-address rate limits.
   */
  trustProxy: boolean;
  /**
   * A write whose Idempotency-Key is still "in progress" after this long is taken to have died
   * (a crash between claim and answer) and its key may be retried.
   */
  idempotencyStaleSeconds: number;
  /** Phone numbers a newly registered director calls to have the account activated (register dialog). */
  activationPhones: string[];
};

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.parse(source);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: path.resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL || undefined,
    adminUsername: parsed.ADMIN_USERNAME || undefined,
    adminPassword: parsed.ADMIN_PASSWORD || undefined,
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM,
    publicUrl: (parsed.PUBLIC_URL || `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    logLevel: parsed.LOG_LEVEL,
    signinRateLimit: parsed.SIGNIN_RATE_LIMIT,
    writeRateLimit: parsed.WRITE_RATE_LIMIT,
    webDist: parsed.WEB_DIST,
    trustProxy: parsed.TRUST_PROXY === 'true' || parsed.TRUST_PROXY === '1',
    idempotencyStaleSeconds: parsed.IDEMPOTENCY_STALE_SECONDS,
    activationPhones: parsed.ACTIVATION_PHONES.split(',')
      .map((phone) => phone.trim())
      .filter((phone) => phone !== ''),
  };
}
