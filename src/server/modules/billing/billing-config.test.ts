import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
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
