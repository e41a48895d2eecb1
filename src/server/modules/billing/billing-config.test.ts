import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { warnAboutConfig } from './billing-context.ts';
import { plansFor } from './billing-plans.ts';

function logged(env: Record<string, string>) {
  const lines: Array<{ level: string; message: string }> = [];
  const logger = {
    info: (message: string) => lines.push({ level: 'info', message }),
    warn: (message: string) => lines.push({ level: 'warn', message }),
  };
  warnAboutConfig({ config: loadConfig({ LOG_LEVEL: 'silent', ...env }), logger } as unknown as AppDeps);
  return lines;
}

describe('billing configuration', () => {
  it('warns in production when Stripe is on but the webhook secret is missing', () => {
    const lines = logged({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_YEARLY: 'price_y',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    expect(lines[0]?.message).toContain('STRIPE_WEBHOOK_SECRET');
  });

  it('is quiet with a complete Stripe configuration, and says so when in test mode', () => {
    const complete = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_YEARLY: 'price_y',
    };
    expect(logged(complete)).toEqual([]);
    expect(logged({ NODE_ENV: 'production' })).toEqual([
      { level: 'info', message: expect.stringContaining('test mode') },
    ]);
  });

  it('takes the price ids from STRIPE_PRICE_* with Stripe and fixed ids in test mode', () => {
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_PRICE_MONTHLY: 'pm',
      STRIPE_PRICE_YEARLY: 'py',
    });
    expect(plansFor(stripe).map((p) => p.priceId)).toEqual(['pm', 'py']);
    expect(plansFor(loadConfig({})).map((p) => p.priceId)).toEqual([
      'price_test_monthly',
      'price_test_yearly',
    ]);
  });
});

/** The one-line reasons loadConfig refuses with, or [] when it accepts the environment. */
function refusals(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('billing mode (BILLING)', () => {
  const https = { APP_URL: 'https://notes.example.com', SMTP_URL: 'smtp://mail:25' };
  const keys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PRICE_MONTHLY: 'pm', STRIPE_PRICE_YEARLY: 'py' };

  it('is test with no variables at all, and stripe when the secret key is set (http APP_URL)', () => {
    expect(loadConfig({}).billingMode).toBe('test');
    expect(loadConfig(keys).billingMode).toBe('stripe');
  });

  it('takes an explicit BILLING over what the keys imply', () => {
    expect(loadConfig({ BILLING: 'off' }).billingMode).toBe('off');
    expect(loadConfig({ ...https, BILLING: 'test' }).billingMode).toBe('test');
    expect(loadConfig({ ...https, BILLING: 'off' }).billingMode).toBe('off');
    expect(loadConfig({ ...https, ...keys, BILLING: 'stripe' }).billingMode).toBe('stripe');
  });

  it('refuses an https APP_URL without BILLING or Stripe keys, with one line', () => {
    expect(refusals(https)).toEqual([
      expect.stringMatching(/^BILLING must be set when APP_URL is https:\/\//),
    ]);
  });

  it('takes Stripe keys on an https APP_URL as stripe: that fails closed, and a paying site keeps starting', () => {
    expect(loadConfig({ ...https, ...keys }).billingMode).toBe('stripe');
    expect(refusals({ ...https, STRIPE_SECRET_KEY: 'sk_live_x' })).toEqual([
      expect.stringMatching(/^BILLING=stripe needs STRIPE_SECRET_KEY, STRIPE_PRICE_MONTHLY/),
    ]);
  });

  it('lists the SMTP and the BILLING reasons together, one line each', () => {
    const lines = refusals({ APP_URL: 'https://notes.example.com' });
    expect(lines).toEqual([
      expect.stringMatching(/^SMTP_URL must be set/),
      expect.stringMatching(/^BILLING must be set/),
    ]);
    for (const line of lines) expect(line).not.toContain('\n');
  });

  it('refuses BILLING=stripe without the secret key or either price id', () => {
    for (const missing of ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const) {
      const env: Record<string, string> = { ...keys, BILLING: 'stripe' };
      delete env[missing];
      expect(refusals(env)).toEqual([expect.stringMatching(/^BILLING=stripe needs STRIPE_SECRET_KEY/)]);
    }
  });

  it('refuses BILLING=test or off with a Stripe secret key (keys say charge, the mode says not)', () => {
    expect(refusals({ ...keys, BILLING: 'test' })).toEqual([
      expect.stringMatching(/^BILLING=test cannot be used/),
    ]);
    expect(refusals({ ...keys, BILLING: 'off' })).toEqual([
      expect.stringMatching(/^BILLING=off cannot be used/),
    ]);
  });

  it('refuses an unknown mode', () => {
    expect(refusals({ BILLING: 'free' })).toEqual(['BILLING must be stripe, test or off']);
  });
});
