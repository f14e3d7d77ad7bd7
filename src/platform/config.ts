import type { KeyObject } from 'node:crypto';
import { Cron } from 'croner';
import { z } from 'zod';
import { parseTrustProxy } from './client-address.ts';
import { readPublicKey } from './ed25519.ts';
import { parseOrigin } from './origin.ts';
import { LOG_LEVELS } from './log/log.ts';
import { GOOGLE_PUSH_PATH } from '#shared/paths.ts';

const optionalUrl = z.url().optional();

/** log2 of scrypt's N for new password hashes (src/platform/passwords.ts): what guessing one costs. */
export const PASSWORD_HASH_COST = 15;
/** The lowest cost a test run may ask for (decision 051); outside NODE_ENV=test nothing below PASSWORD_HASH_COST. */
const TEST_PASSWORD_HASH_COST = 10;

/**
 * PASSWORD_HASH_COST from the environment: a number, or why it is refused. Tests only: the suite's
 * servers hash hundreds of passwords, and a cheaper hash is the only thing it changes (decision 051).
 */
export function readPasswordHashCost(env: { NODE_ENV?: string | undefined; PASSWORD_HASH_COST?: string | undefined }): number | string {
  const value = env.PASSWORD_HASH_COST;
  if (value === undefined || value === '') return PASSWORD_HASH_COST;
  const cost = Number(value);
  const lowest = env.NODE_ENV === 'test' ? TEST_PASSWORD_HASH_COST : PASSWORD_HASH_COST;
  if (!Number.isInteger(cost) || cost < lowest || cost > 20) {
    return `PASSWORD_HASH_COST must be a whole number from ${lowest} to 20${lowest > TEST_PASSWORD_HASH_COST ? ` (below ${PASSWORD_HASH_COST} only when NODE_ENV is test)` : ''}`;
  }
  return cost;
}

const schema = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    DATABASE_PREPARE: z.enum(['true', 'false'], { error: 'DATABASE_PREPARE must be true or false' }).default('true'),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    DEFAULT_PLAN: z.enum(['free', 'starter', 'team', 'agency']).optional(),
    TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value);
        if (!(trust instanceof Error)) return trust;
        ctx.addIssue({ code: 'custom', message: `TRUST_PROXY must be false, true, a number of proxies, or their addresses: ${trust.message}` });
        return z.NEVER;
      }),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().optional(),
    CONTACT_EMAIL: z.email('CONTACT_EMAIL must be an email address, such as hello@example.com').optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
    GBP_ACCOUNTS_API: z.url().default('https://mybusinessaccountmanagement.googleapis.com'),
    GBP_LOCATIONS_API: z.url().default('https://mybusinessbusinessinformation.googleapis.com'),
    GBP_REVIEWS_API: z.url().default('https://mybusiness.googleapis.com'),
    GOOGLE_SYNC_SCHEDULE: z.string().default('*/15 * * * *').refine(isCronPattern, 'GOOGLE_SYNC_SCHEDULE must be a cron pattern such as */15 * * * *'),
    GOOGLE_API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(240),
    // Reviews pushed by Google through Cloud Pub/Sub (issue 30; INTEGRATIONS.md "Google").
    GOOGLE_PUBSUB_PUSH_ACCOUNT: z.email("GOOGLE_PUBSUB_PUSH_ACCOUNT must be the push subscription's service account email").optional(),
    GOOGLE_PUBSUB_AUDIENCE: z.string().min(1).optional(),
    GOOGLE_OIDC_CERTS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_PUBSUB_TOPIC: z
      .string()
      .regex(
        /^projects\/[a-z][a-z0-9-]{4,28}[a-z0-9]\/topics\/[A-Za-z][\w.~+%-]{2,254}$/,
        'GOOGLE_PUBSUB_TOPIC must name a Pub/Sub topic: projects/{project}/topics/{topic}',
      )
      .optional(),
    GBP_NOTIFICATIONS_API: z.url().default('https://mybusinessnotifications.googleapis.com'),
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    ALLOW_PRIVATE_WEBHOOK_TARGETS: z.enum(['true', 'false'], { error: 'ALLOW_PRIVATE_WEBHOOK_TARGETS must be true or false' }).default('false'),
    GHL_WEBHOOK_PUBLIC_KEY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const key = readEd25519PublicKey(value);
        if (key) return key;
        ctx.addIssue({ code: 'custom', message: 'GHL_WEBHOOK_PUBLIC_KEY must be an Ed25519 public key (PEM, or base64)' });
        return z.NEVER;
      }),
    PASSWORD_HASH_COST: z.string().optional(),
    RETRY_DELAY_SECONDS: z.coerce.number().int('RETRY_DELAY_SECONDS must be a whole number of seconds').min(1).max(60).optional(),
    /** Where Twilio's REST API is: the tests point it at their fake (tests/fakes/twilio.ts). */
    TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PRICE_STARTER: z.string().optional(),
    STRIPE_PRICE_TEAM: z.string().optional(),
    STRIPE_PRICE_AGENCY: z.string().optional(),
    // Tests only: where the stripe package sends its API calls (a local fake), e.g. http://127.0.0.1:4567.
    STRIPE_API_BASE: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const base = parseOrigin(value);
        if (base) return base;
        ctx.addIssue({ code: 'custom', message: 'STRIPE_API_BASE must be an http or https origin such as http://127.0.0.1:4567' });
        return z.NEVER;
      }),
  })
  .superRefine((env, ctx) => {
    const cost = readPasswordHashCost(env);
    if (typeof cost === 'string') ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: cost });
    if (env.RETRY_DELAY_SECONDS !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['RETRY_DELAY_SECONDS'], message: 'RETRY_DELAY_SECONDS is for tests only (NODE_ENV=test)' });
    }
    if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'APP_SECRET is required in production' });
    }
    if (env.DATABASE_URL && !env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'APP_SECRET is required when DATABASE_URL is set (every instance must share it)',
      });
    }
  });

function readEd25519PublicKey(value: string): KeyObject | null {
  try {
    const key = readPublicKey(value);
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Reads the environment once; an unset or malformed variable stops the start with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return {
    production: c.NODE_ENV === 'production',
    port: c.PORT,
    host: c.HOST,
    logLevel: c.LOG_LEVEL,
    publicUrl,
    /** PUBLIC_URL was set: links always use it. Unset, links use the address a page was opened with. */
    publicUrlSet: c.PUBLIC_URL !== undefined,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    /** PostgreSQL: named prepared statements; false behind PgBouncer in transaction mode. */
    databasePrepare: c.DATABASE_PREPARE === 'true',
    appSecret: c.APP_SECRET,
    /** The operator's plan for every new workspace (no trial); unset: a trial (TRIAL_DAYS). */
    defaultPlan: c.DEFAULT_PLAN,
    /** Length of a plan's trial; 0 turns trials off. */
    trialDays: c.TRIAL_DAYS,
    trustProxy: c.TRUST_PROXY ?? null,
    /** Workspaces one address may register in an hour. */
    registrationsPerHour: c.REGISTRATIONS_PER_HOUR,
    /** On SIGTERM, how long requests in flight (and a running Google sync) may take before they are cut. */
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    /** Slack, Teams and webhook targets may be any address, loopback included (tests and fakes). */
    allowPrivateWebhookTargets: c.ALLOW_PRIVATE_WEBHOOK_TARGETS === 'true',
    /**
     * Tests only: every queued job (email, alert, webhook delivery) is retried this many seconds after
     * a failure, without backoff, so that a test of a retry waits seconds instead of the product's
     * minutes (src/platform/jobs/queue.ts). Unset: each queue's own schedule.
     */
    retryDelaySeconds: c.RETRY_DELAY_SECONDS,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    /** Where people reach whoever runs this server (the site footer, the landing page's walkthrough); unset: no address is shown (decision 067). */
    contactEmail: c.CONTACT_EMAIL,
    google: {
      clientId: c.GOOGLE_CLIENT_ID,
      clientSecret: c.GOOGLE_CLIENT_SECRET,
      authUrl: c.GOOGLE_AUTH_URL,
      tokenUrl: c.GOOGLE_TOKEN_URL,
      revokeUrl: c.GOOGLE_REVOKE_URL,
      accountsApi: c.GBP_ACCOUNTS_API,
      locationsApi: c.GBP_LOCATIONS_API,
      reviewsApi: c.GBP_REVIEWS_API,
      notificationsApi: c.GBP_NOTIFICATIONS_API,
      /** When the every-workspace sync runs (SPEC.md: every 15 minutes); tests make it faster. */
      syncSchedule: c.GOOGLE_SYNC_SCHEDULE,
      /** Pace of this process's Business Profile API calls (Google allows 300 a minute per project). */
      requestsPerMinute: c.GOOGLE_API_REQUESTS_PER_MINUTE,
      /**
       * Pub/Sub push (issue 30): who may push to us: the push subscription's service account, for this
       * audience (by default the push URL), in tokens signed with the keys at certsUrl. Push is off
       * without an account.
       */
      pubsub: {
        pushAccount: c.GOOGLE_PUBSUB_PUSH_ACCOUNT,
        audience: c.GOOGLE_PUBSUB_AUDIENCE ?? `${publicUrl}${GOOGLE_PUSH_PATH}`,
        certsUrl: c.GOOGLE_OIDC_CERTS_URL,
        /** The topic each connected account's notification setting names (Google publishes to it); none: nothing registered. */
        topic: c.GOOGLE_PUBSUB_TOPIC,
      },
    },
    /** Text messages: each workspace brings its own Twilio account (src/domain/sms/account.ts). */
    twilio: { apiBase: c.TWILIO_API_BASE.replace(/\/+$/, '') },
    /** HighLevel's key for X-GHL-Signature, read and checked at start. */
    ghlWebhookPublicKey: c.GHL_WEBHOOK_PUBLIC_KEY,
    /** Stripe billing; `configured` only with both the secret key and the webhook secret. */
    stripe: {
      configured: Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET),
      secretKey: c.STRIPE_SECRET_KEY,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      /** The Stripe price of each plan sold online; a plan without one cannot be bought here. */
      prices: { starter: c.STRIPE_PRICE_STARTER, team: c.STRIPE_PRICE_TEAM, agency: c.STRIPE_PRICE_AGENCY },
      apiBase: c.STRIPE_API_BASE,
    },
  };
}
