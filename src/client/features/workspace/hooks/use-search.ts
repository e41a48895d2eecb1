import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchApi, searchKeys } from '../api.ts';

export const SEARCH_DEBOUNCE_MS = 200;

/**
 * The sidebar search: asks the server 200 ms after typing stops. A query left behind by newer typing is
 * aborted (TanStack Query cancels a superseded request whose signal was handed to fetch).
 */
export function useSearch(text: string) {
  const [debounced, setDebounced] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useQuery({
    queryKey: searchKeys.search(debounced),
    queryFn: ({ signal }) => searchApi.search(debounced, signal),
    enabled: debounced.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  return { ...query, active: text.trim().length > 0, settled: debounced === text.trim() };
}
