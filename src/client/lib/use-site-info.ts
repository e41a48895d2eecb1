import { useEffect, useState } from 'react';
import type { SiteInfo } from '../../shared/schemas/site.ts';

const fallback: SiteInfo = { supportEmail: 'support@localhost', trialDays: 7, billing: 'test' };
let cached: Promise<SiteInfo> | null = null;

/** Loads /api/site once per page load; public pages show the configured support address. */
export function useSiteInfo(): SiteInfo {
  const [info, setInfo] = useState<SiteInfo | null>(null);
  useEffect(() => {
    cached ??= fetch('/api/site')
      .then((response) => (response.ok ? (response.json() as Promise<SiteInfo>) : fallback))
      .catch(() => fallback);
    let active = true;
    void cached.then((value) => {
      if (active) setInfo(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return info ?? fallback;
}
