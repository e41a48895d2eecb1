import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../lib/query-client.ts';
import { seedFromServerPage } from './page-data.ts';

// One cache for every blog page of this visit: going from a post back to the list (or from the editor
// back to the admin table) shows what was already fetched at once, then refreshes it. It is created on
// the first blog page, so the landing page never pays for it. Admin answers are keyed by user id
// (api.ts), so a different account in the same tab never reads another's cached answers.
let shared: QueryClient | null = null;

export function BlogQueryProvider({ children }: { children: ReactNode }) {
  if (!shared) {
    shared = createQueryClient();
    seedFromServerPage(shared);
  }
  return <QueryClientProvider client={shared}>{children}</QueryClientProvider>;
}
