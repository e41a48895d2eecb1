import type { Plan } from '../../../shared/domain/plans.ts';
import type { MailMessage } from '../../mail/mailer.ts';

const signature = ['', '-- ', 'Jotlist'].join('\n');

const longDate = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The confirmation the checkout success screen promises (docs/PRODUCT.md §2): sent once per subscription. */
export function subscriptionActiveMail(
  appUrl: string,
  to: string,
  plan: Plan | null,
  currentPeriodEnd: number,
): MailMessage {
  const planLine = plan ? `Plan: ${plan.name} ($${plan.price} per ${plan.interval})` : null;
  return {
    to,
    subject: 'Your Jotlist subscription is active',
    text: [
      'Welcome to Jotlist! Your subscription is now active. Thank you for upgrading!',
      '',
      ...(planLine ? [planLine] : []),
      `Next billing date: ${longDate(currentPeriodEnd)}`,
      '',
      'You now have unlimited access to all features: unlimited notebooks, notes and todos,',
      'calendar integrations, and export and backup.',
      '',
      `Open Jotlist: ${appUrl}/`,
      'Manage or cancel your subscription any time under Settings > Billing.',
      signature,
    ].join('\n'),
  };
}
