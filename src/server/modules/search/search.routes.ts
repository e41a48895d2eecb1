import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  searchQuerySchema,
  searchResponseSchema,
  searchResultLimit,
} from '../../../shared/schemas/search.ts';
import type { AppDeps } from '../../deps.ts';
import { noStore, readErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { searchEverything } from './search.service.ts';
import { startSearchIndexer } from './search-index.ts';
import { startTrigramMerger } from './trigram-pending-lists.ts';

/**
 * GET /api/search: the sidebar's search box; also the background index upkeep (SQLite: the indexer;
 * PostgreSQL: the trigram pending-list merger).
 */
export function searchRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);
    const stopIndexer = startSearchIndexer(deps, app.log);
    app.addHook('onClose', stopIndexer);
    const stopMerger = startTrigramMerger(deps, app.log);
    app.addHook('onClose', stopMerger);

    app.get(
      '/api/search',
      {
        schema: {
          tags: ['search'],
          summary: "Search the user's notes, tasks and labels (case-insensitive substring)",
          description:
            `Pages by title or content, tasks by text or by the name of one of their labels, labels by ` +
            `name. At most ${searchResultLimit} results per kind, most recently updated first (labels by name).`,
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, ...readErrors },
        },
      },
      async (request) => searchEverything(deps, currentUser(request).userId, request.query.q),
    );
  };
}
