import { searchResponseSchema } from '../../../shared/schemas/search.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The sidebar search, across pages and tasks: the shell's own call (notes and todos know nothing of it). */

export const searchKeys = {
  search: (q: string) => ['search', q] as const,
};

export const searchApi = {
  search: (q: string, signal?: AbortSignal) =>
    apiRequest(`/api/search?q=${encodeURIComponent(q)}`, searchResponseSchema, { signal }),
};
