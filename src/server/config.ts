import { z } from 'zod';
import { type BillingMode, billingModes } from '../shared/schemas/billing.ts';
import { caldavAllowedHostsSetting } from './caldav-allowed-hosts.ts';
import { trustProxySetting } from './trust-proxy.ts';

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int({ error: 'must be a port number' })
  .min(1, { error: 'must be a port number' })
  .max(65535, { error: 'must be a port number' });

const optionalUrl = z.url({ error: 'must be a URL' }).optional();
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Every environment variable the server reads (docs/operations.md), parsed once at boot. */
const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  /** Folder of the built web client; tests point it at their own build. */
  CLIENT_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: 'must be 64 hexadecimal characters (32 bytes)' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Jotlist <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@localhost'),
  ADMIN_EMAILS: z.string().default(''),
  /**
   * How long a claimed job is held without its worker renewing the claim: after a crash (kill -9, power
   * loss) the job runs again on any instance this long after its worker went quiet.
   */
  JOB_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be a whole number of seconds' })
    .default(30),
  TRIAL_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be a whole number of days' })
    .default(7),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /** `auto`: readable lines when stdout is a terminal, JSON otherwise (logger.ts). */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json'], { error: 'must be auto, pretty or json' }).default('auto'),
  /** One line per request: unset, in JSON logs (for collectors) but not in pretty ones (a terminal). */
  LOG_REQUESTS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  /** stripe | test | off (billingModeOf): explicit, or `stripe` with STRIPE_SECRET_KEY, or `test` on an http APP_URL. */
  BILLING: z.enum(billingModes, { error: 'must be stripe, test or off' }).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  STRIPE_API_BASE: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_BASE: optionalUrl,
  GOOGLE_TOKEN_BASE: optionalUrl,
  GOOGLE_API_BASE: optionalUrl,
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_AUTH_BASE: optionalUrl,
  MICROSOFT_API_BASE: optionalUrl,
  /** CalDAV servers on this machine or a private network that may be called (caldav-allowed-hosts.ts). */
  CALDAV_ALLOWED_HOSTS: caldavAllowedHostsSetting,
  /** Names this instance in an `X-Instance` response header (several instances behind nginx); unset: none. */
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, {
      error: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
    })
    .optional(),
  /** Which peers may set X-Forwarded-For (trust-proxy.ts); unset trusts no proxy. */
  TRUST_PROXY: trustProxySetting,
  /**
   * Web Push (docs/operations.md): the VAPID key pair, base64url, as `web-push generate-vapid-keys` prints
   * it. Unset: a pair is generated once into `$DATA_DIR/vapid.json`. Several instances must share one pair.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a base64url P-256 public key' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a base64url P-256 private key' })
    .optional(),
  /** Who push services may contact about this sender: `mailto:` or `https:`; default `mailto:` SUPPORT_EMAIL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, { error: 'must be a mailto: or https:// address' })
    .optional(),
  /** `off`: no /api/docs page and no /api/openapi.json (both 404), for a production that publishes none. */
  API_DOCS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  // HSTS `includeSubDomains` (behind https only): off by default, since it pins every subdomain of the
  // host to https too, which only whoever runs the domain can promise.
  HSTS_INCLUDE_SUBDOMAINS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  /** SQLite server backups (db/backups/): how often, and how many to keep; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a number of hours from 0 to 576' })
    .min(0, { error: 'must be a number of hours from 0 to 576' })
    .max(576, { error: 'must be a number of hours from 0 to 576' })
    .default(4),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number from 0 to 1000' })
    .int({ error: 'must be a whole number from 0 to 1000' })
    .min(0, { error: 'must be a whole number from 0 to 1000' })
    .max(1000, { error: 'must be a whole number from 0 to 1000' })
    .default(12),
  /** Page history: versions older than this many days are pruned (hourly job), and so are all but a page's newest NOTE_HISTORY_VERSIONS. */
  NOTE_HISTORY_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 3650' })
    .int({ error: 'must be a whole number of days from 1 to 3650' })
    .min(1, { error: 'must be a whole number of days from 1 to 3650' })
    .max(3650, { error: 'must be a whole number of days from 1 to 3650' })
    .default(30),
  NOTE_HISTORY_VERSIONS: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000' })
    .int({ error: 'must be a whole number from 1 to 10000' })
    .min(1, { error: 'must be a whole number from 1 to 10000' })
    .max(10000, { error: 'must be a whole number from 1 to 10000' })
    .default(100),
  /**
   * Attachments in an S3-compatible bucket (docs/operations.md): all five set, or none (files in the
   * database). S3_FORCE_PATH_STYLE `on` addresses the bucket as a path (MinIO, most local servers).
   */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
});

const s3Keys = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Where attachment bytes go when a bucket is configured (modules/attachments/object-store.ts). */
export interface S3Config {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  APP_URL: string;
  /** BILLING as resolved at boot (billingModeOf); every billing decision reads this, never the keys. */
  billingMode: BillingMode;
  /** Origins whose pages may make state-changing requests with our cookies (see `appOrigins`). */
  appOrigins: string[];
  adminEmails: string[];
  isProduction: boolean;
  secureCookies: boolean;
  /** The bucket for attachments, or null: they are stored in the database. */
  s3: S3Config | null;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError listing one line per problem (`PORT must be a port number`). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset": `PORT= npm start` should not fail.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, blankToUndefined(source[key])]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError([...new Set(problems)]);
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const https = appUrl.startsWith('https://');
  const problems: string[] = [];
  // Without SMTP, sign-in links go to the outbox folder and the terminal: right for a person trying it
  // locally, wrong for a public (https) site whose users would never get their mail.
  if (https && !env.SMTP_URL) {
    problems.push(
      'SMTP_URL must be set when APP_URL is https://: without a mail server, confirmation and reset links only reach this machine. Set SMTP_URL (and MAIL_FROM), or use an http:// APP_URL to try Jotlist locally.',
    );
  }
  // Half a key pair would sign with one key and publish another: every browser's subscription would fail.
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or both left unset).');
  }
  const s3 = s3Of(env);
  if (s3 && 'problem' in s3) problems.push(s3.problem);
  const billing = billingModeOf(env, https);
  if (typeof billing !== 'string') problems.push(billing.problem);
  if (problems.length > 0 || typeof billing !== 'string' || (s3 && 'problem' in s3)) {
    throw new ConfigError(problems);
  }
  return {
    ...env,
    billingMode: billing,
    APP_URL: appUrl,
    appOrigins: appOrigins(appUrl, env.APP_URL === undefined),
    adminEmails: env.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    isProduction: env.NODE_ENV === 'production',
    secureCookies: https,
    s3,
  };
}

/**
 * The bucket settings, all or none: half of them would store new files in the database while the
 * operator believes they go to the bucket (or fail every upload), so a partial set refuses to start.
 */
function s3Of(env: Env): S3Config | null | { problem: string } {
  const missing = s3Keys.filter((key) => !env[key]);
  if (missing.length === s3Keys.length) return null;
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_BUCKET || !S3_ENDPOINT || !S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    return {
      problem: `S3 storage needs ${s3Keys.join(', ')} together: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (or unset them all to keep files in the database).`,
    };
  }
  return {
    bucket: S3_BUCKET,
    endpoint: S3_ENDPOINT.replace(/\/+$/, ''),
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'on',
  };
}

/**
 * APP_URL's origin (docs/accounts.md). When APP_URL is not set, Jotlist runs on this machine for whoever started
 * it and the same server answers at localhost, 127.0.0.1 and [::1] on its port (Fastify's own start line
 * shows 127.0.0.1): any of them works, instead of refusing the sign-up form as "from another site". No
 * other site can be served from those origins, whose port is this server's.
 */
function appOrigins(appUrl: string, isDefault: boolean): string[] {
  const { origin, port } = new URL(appUrl);
  return isDefault ? [origin, `http://127.0.0.1:${port}`, `http://[::1]:${port}`] : [origin];
}

/**
 * BILLING, or the mode the keys imply. Billing must never fail open: the test checkout makes any account
 * active for free, so a public (https) site without Stripe keys has to say which mode it means. Stripe
 * keys alone mean `stripe` (that fails closed, and an https site that already takes payments keeps
 * starting after an upgrade). Stripe keys with `test` or `off` are refused: keys say "charge", the mode
 * says "don't", and guessing either way is wrong (a forgotten BILLING=test would give every account free
 * access while the operator thinks Stripe charges).
 */
function billingModeOf(env: Env, https: boolean): BillingMode | { problem: string } {
  const stripeKey = Boolean(env.STRIPE_SECRET_KEY);
  if (env.BILLING === 'stripe' || (env.BILLING === undefined && stripeKey)) {
    if (stripeKey && env.STRIPE_PRICE_MONTHLY && env.STRIPE_PRICE_YEARLY) return 'stripe';
    return {
      problem:
        'BILLING=stripe needs STRIPE_SECRET_KEY, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY: set all three, or choose BILLING=test (no real payments) or BILLING=off (no billing at all).',
    };
  }
  if (env.BILLING !== undefined) {
    if (!stripeKey) return env.BILLING;
    return {
      problem: `BILLING=${env.BILLING} cannot be used with STRIPE_SECRET_KEY set: unset STRIPE_SECRET_KEY, or set BILLING=stripe to take real payments.`,
    };
  }
  if (https) {
    return {
      problem:
        'BILLING must be set when APP_URL is https:// without Stripe keys: stripe (real payments), test (a test checkout that makes any account active for free) or off (no billing, every account may write).',
    };
  }
  return 'test';
}
