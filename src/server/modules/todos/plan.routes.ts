import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  planCountsResponseSchema,
  todayQuerySchema,
  todayResponseSchema,
  upcomingQuerySchema,
  upcomingResponseSchema,
} from '../../../shared/schemas/plan.ts';
import type { AppDeps } from '../../deps.ts';
import { fastCompression } from '../../lib/fast-compression.ts';
import { mappedJsonSerializer } from '../../lib/mapped-json.ts';
import { noStore, readErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { planCounts, todayView, upcomingView } from './plan.service.ts';

const tags = ['tasks'];
const zoneNote = "Days are calendar days in the account's time zone (Settings → Account; UTC until set).";

/** The Today and Upcoming views across every list, and the sidebar's counts for them. */
export function planRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    noStore(app);

    app.get(
      '/api/tasks/today',
      {
        // Built by the typed mappers (plan-reads.ts): no need for zod's second pass (mapped-json.ts).
        serializerCompiler: mappedJsonSerializer,
        schema: {
          tags,
          summary: 'Open tasks due today or before, overdue first, each with its list and category',
          description: `${zoneNote} Completed tasks never appear. Every task due today comes back; the overdue ones a page at a time, newest due first (\`overdueOffset\` for the next page), with \`overdueTotal\`. Also carries the sidebar's counts.`,
          querystring: todayQuerySchema,
          response: { 200: todayResponseSchema, ...readErrors },
        },
      },
      async (request) => todayView(deps, currentUser(request).userId, request.query.overdueOffset),
    );

    app.get(
      '/api/tasks/upcoming',
      {
        // A page can still run to megabytes: one day with thousands of tasks comes whole (fast-compression.ts).
        compress: fastCompression,
        // Built by the typed mappers (plan-reads.ts): zod re-checking 2,000 tasks cost as much as JSON
        // itself (mapped-json.ts).
        serializerCompiler: mappedJsonSerializer,
        schema: {
          tags,
          summary:
            'Open tasks due from today on, grouped by day (14 days unless `days` says 1 to 60), a page of days at a time',
          description: `${zoneNote} Every day of the page is listed, empty ones too; \`nextFrom\` names the first day of the next page (pass it as \`from\`), null on the last. Also carries the counts.`,
          querystring: upcomingQuerySchema,
          response: { 200: upcomingResponseSchema, ...readErrors },
        },
      },
      async (request) => upcomingView(deps, currentUser(request).userId, request.query),
    );

    app.get(
      '/api/tasks/plan-counts',
      {
        schema: {
          tags,
          summary: 'How many open tasks Today and Upcoming hold (what the sidebar shows beside them)',
          description: zoneNote,
          response: { 200: planCountsResponseSchema, ...readErrors },
        },
      },
      async (request) => planCounts(deps, currentUser(request).userId),
    );
  };
}
