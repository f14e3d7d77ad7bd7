import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a first run', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.defaultPlan).toBeUndefined();
    expect(config.trialDays).toBe(14);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mailFrom).toBe('no-reply@localhost');
    expect(config.shutdownTimeoutMs).toBe(10_000);
    expect(config.logLevel).toBe('info');
    expect(config.contactEmail).toBeUndefined();
  });

  it('takes an email address as CONTACT_EMAIL, and stops on anything else', () => {
    expect(loadConfig({ CONTACT_EMAIL: 'hello@example.com' }).contactEmail).toBe('hello@example.com');
    expect(() => loadConfig({ CONTACT_EMAIL: 'call us' })).toThrow('CONTACT_EMAIL: CONTACT_EMAIL must be an email address, such as hello@example.com');
  });

  it("takes one of pino's levels as LOG_LEVEL, and stops on any other", () => {
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  });

  it('stops with the name of a malformed variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEFAULT_PLAN: 'gold' })).toThrow(/DEFAULT_PLAN/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it("refuses a password hash cheaper than the product's outside a test run", () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: '10' })).toThrow(
      /PASSWORD_HASH_COST must be a whole number from 15 to 20 \(below 15 only when NODE_ENV is test\)/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), PASSWORD_HASH_COST: '12' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST must be a whole number from 10 to 20/);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' })).not.toThrow();
    expect(() => loadConfig({ PASSWORD_HASH_COST: '16' })).not.toThrow();
  });

  it("refuses the tests' flat retry schedule outside a test run, and a delay that is not whole seconds", () => {
    expect(() => loadConfig({ RETRY_DELAY_SECONDS: '1' })).toThrow(/RETRY_DELAY_SECONDS is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'test', RETRY_DELAY_SECONDS: '0.5' })).toThrow(/RETRY_DELAY_SECONDS must be a whole number/);
    expect(loadConfig({ NODE_ENV: 'test', RETRY_DELAY_SECONDS: '1' }).retryDelaySeconds).toBe(1);
    expect(loadConfig({}).retryDelaySeconds).toBeUndefined();
  });

  it('requires APP_SECRET in production and with PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/test' })).toThrow(/APP_SECRET/);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/test', APP_SECRET: 'x'.repeat(32) }).databaseUrl).toBe('postgres://localhost/test');
  });

  it("reads HighLevel's public key at start, and stops on a malformed one", () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const raw = publicKey.export({ type: 'spki', format: 'der' }).subarray(-32).toString('base64');
    expect(loadConfig({ GHL_WEBHOOK_PUBLIC_KEY: pem }).ghlWebhookPublicKey?.asymmetricKeyType).toBe('ed25519');
    expect(loadConfig({ GHL_WEBHOOK_PUBLIC_KEY: raw }).ghlWebhookPublicKey?.equals(publicKey)).toBe(true);
    expect(() => loadConfig({ GHL_WEBHOOK_PUBLIC_KEY: 'not-a-key' })).toThrow(/GHL_WEBHOOK_PUBLIC_KEY/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => loadConfig({ GHL_WEBHOOK_PUBLIC_KEY: rsa })).toThrow(/GHL_WEBHOOK_PUBLIC_KEY/);
  });

  it('counts Stripe as configured only with both the secret key and the webhook secret', () => {
    expect(loadConfig({}).stripe).toMatchObject({ configured: false, apiBase: undefined });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }).stripe.configured).toBe(false);
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe.configured).toBe(false);
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_TEAM: 'price_team' }).stripe;
    expect(stripe).toMatchObject({ configured: true, prices: { starter: undefined, team: 'price_team', agency: undefined } });
  });

  it('points the Stripe client at STRIPE_API_BASE, and stops on a malformed one', () => {
    expect(loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:4567' }).stripe.apiBase).toEqual({ host: '127.0.0.1', port: 4567, protocol: 'http' });
    expect(() => loadConfig({ STRIPE_API_BASE: 'localhost:4567' })).toThrow(/STRIPE_API_BASE/);
  });
});

describe('DATABASE_PREPARE', () => {
  it('is on unless set to false, and refuses other values', () => {
    expect(loadConfig({}).databasePrepare).toBe(true);
    expect(loadConfig({ DATABASE_PREPARE: 'true' }).databasePrepare).toBe(true);
    expect(loadConfig({ DATABASE_PREPARE: 'false' }).databasePrepare).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARE: 'off' })).toThrow(/DATABASE_PREPARE must be true or false/);
  });
});

describe('ALLOW_PRIVATE_WEBHOOK_TARGETS', () => {
  it('is off unless set to true, and refuses other values', () => {
    expect(loadConfig({}).allowPrivateWebhookTargets).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' }).allowPrivateWebhookTargets).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false' }).allowPrivateWebhookTargets).toBe(false);
    expect(() => loadConfig({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'yes' })).toThrow(/ALLOW_PRIVATE_WEBHOOK_TARGETS must be true or false/);
  });
});
