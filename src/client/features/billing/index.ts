/**
 * The public surface of billing for the other features: the settings' Billing panel and what the
 * workspace's trial banner and settings read of the subscription. The routes load the checkout and
 * test-mode pages by their own paths.
 */
export { BillingPanel } from './components/billing-panel.tsx';
export { isActiveSubscription } from './format.ts';
export { useBillingMode, useSubscription } from './hooks/use-billing.ts';
