import { useCallback, useEffect, useState } from 'react';

/** A success notice that vanishes after `ms` (docs/PRODUCT.md §9: success notices vanish after 3 s). */
export function useTimedNotice(ms = 3000): [string | null, (text: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), ms);
    return () => clearTimeout(timer);
  }, [notice, ms]);
  const show = useCallback((text: string | null) => setNotice(text), []);
  return [notice, show];
}
