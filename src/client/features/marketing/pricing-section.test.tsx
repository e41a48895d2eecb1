import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PricingSection } from './components/pricing-section.tsx';
import { renderAt } from './marketing-test-utils.tsx';

describe('pricing section', () => {
  it('shows the monthly and yearly plans with their prices', () => {
    renderAt(<PricingSection />);
    const monthly = screen.getByRole('listitem', { name: 'Monthly plan' });
    expect(within(monthly).getByText('$5')).toBeInTheDocument();
    expect(within(monthly).getByText('Billed monthly')).toBeInTheDocument();

    const yearly = screen.getByRole('listitem', { name: 'Yearly plan' });
    expect(within(yearly).getByText('$50')).toBeInTheDocument();
    expect(within(yearly).getByText('Billed annually')).toBeInTheDocument();
    expect(within(yearly).getByText(/save 17%/)).toBeInTheDocument();
    expect(within(yearly).getByText(/\$4\.17\/month/)).toBeInTheDocument();
    expect(within(yearly).getByText('Most popular')).toBeInTheDocument();
    expect(within(monthly).queryByText('Most popular')).not.toBeInTheDocument();
  });

  it('promises the free trial and sends both plans to sign-up', () => {
    renderAt(<PricingSection />);
    const section = screen.getByRole('region', { name: /free for 7 days/ });
    expect(section).toHaveAttribute('id', 'pricing');
    expect(within(section).getByText('7-day free trial')).toBeInTheDocument();
    expect(within(section).getByText('No credit card required')).toBeInTheDocument();
    expect(within(section).getByText('Cancel anytime')).toBeInTheDocument();
    for (const plan of ['Monthly plan', 'Yearly plan']) {
      const card = screen.getByRole('listitem', { name: plan });
      expect(within(card).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
        'href',
        '/auth/signup',
      );
      expect(within(card).getByText('Unlimited notes and tasks')).toBeInTheDocument();
      expect(within(card).getByText('Priority support')).toBeInTheDocument();
      expect(within(card).getByText('Encrypted connections and calendar secrets')).toBeInTheDocument();
    }
  });
});
