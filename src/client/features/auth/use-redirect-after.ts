import { useEffect } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import type { AuthNavigationState } from './auth-errors.ts';

/**
 * Once `active`, goes to `to` after `delayMs` (the spec's 2 s and 3 s pauses on success and failure
 * screens). Leaving the screen earlier cancels it.
 */
export function useRedirectAfter(
  active: boolean,
  delayMs: number,
  to: string,
  state?: AuthNavigationState,
): void {
  const navigate = useNavigate();
  const message = state?.message;
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      navigate(to, { replace: true, state: message ? { message } : undefined });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs, to, message, navigate]);
}
