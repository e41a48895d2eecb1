import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../../auth/index.ts';
import { billingApi, billingKeys } from '../api.ts';

/** docs/PRODUCT.md §4.6, §9: the success screen refreshes the subscription 5 times, waiting 2 s before each. */
export const confirmAttempts = 5;
export const confirmDelayMs = 2000;

/**
 * Runs the confirmation refreshes, then re-reads the session so the profile (and with it the
 * workspace's read-only state) reflects the new subscription. docs/PRODUCT.md §4: the outcome does not depend on
 * the status read; the webhook has normally landed long before the last attempt.
 */
export function useConfirmCheckout(): 'processing' | 'done' {
  const client = useQueryClient();
  const { refresh } = useAuth();
  const [phase, setPhase] = useState<'processing' | 'done'>('processing');

  useEffect(() => {
    let cancelled = false;
    const wait = () => new Promise((resolve) => setTimeout(resolve, confirmDelayMs));
    void (async () => {
      for (let attempt = 0; attempt < confirmAttempts; attempt += 1) {
        await wait();
        if (cancelled) return;
        try {
          await client.fetchQuery({
            queryKey: billingKeys.subscription,
            queryFn: ({ signal }) => billingApi.subscription(signal),
            staleTime: 0,
          });
        } catch {
          // A failed read is just one attempt; the next one may succeed.
        }
        if (cancelled) return;
      }
      await refresh();
      if (!cancelled) setPhase('done');
    })();
    return () => {
      cancelled = true;
    };
  }, [client, refresh]);

  return phase;
}
