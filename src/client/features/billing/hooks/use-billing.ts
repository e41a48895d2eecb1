import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingMode } from '../../../../shared/schemas/billing.ts';
import { useAuth } from '../../auth/index.ts';
import { billingApi, billingKeys } from '../api.ts';

/**
 * How this server bills (BILLING): `off` hides every billing screen and prompt. Undefined until known,
 * or if it cannot be read: callers then show billing as before, which the server still guards.
 */
export function useBillingMode(): BillingMode | undefined {
  const query = useQuery({
    queryKey: billingKeys.site,
    queryFn: ({ signal }) => billingApi.site(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data?.billing;
}

/** The plan catalogue; it never changes while the app runs. */
export function usePlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => billingApi.plans(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Our own record of the subscription (the server never asks Stripe for this). */
export function useSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => billingApi.subscription(signal),
    enabled,
    // Billing state changes elsewhere (checkout, portal, webhooks): read it fresh whenever it is shown.
    staleTime: 0,
  });
}

/**
 * Re-reads the subscription and the session's profile together, so every screen (the banner, the
 * read-only workspace, the billing tab) agrees after a payment, a cancel or a portal change.
 */
export function useRefreshBilling() {
  const client = useQueryClient();
  const { refresh } = useAuth();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: billingKeys.subscription }), refresh()]);
  };
}

/** Starts a checkout (yearly when no price is given) and sends the browser to the checkout page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (priceId?: string) => billingApi.startCheckout(priceId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: billingApi.portalSession,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Cancel at period end; afterwards the subscription and the profile are refreshed (docs/PRODUCT.md §4). */
export function useCancelSubscription() {
  const refreshBilling = useRefreshBilling();
  return useMutation({
    mutationFn: billingApi.cancel,
    onSuccess: refreshBilling,
  });
}
