import { z } from 'zod';
import {
  overduePageSize,
  upcomingDefaultDays,
  upcomingMaxDays,
  upcomingPageSize,
} from '../domain/plan-days.ts';
import { isValidDueDate } from '../domain/task-display.ts';
import { messages } from '../messages.ts';
import { idField } from './notebook.ts';
import { taskListItemSchema } from './task.ts';

/**
 * The Today and Upcoming views (GET /api/tasks/today, /api/tasks/upcoming, /api/tasks/plan-counts):
 * open tasks by due date across every list, in the account's time zone.
 */

/** A task as Today and Upcoming show it: its subtasks counted and the names of its list and category. */
export const planTaskSchema = taskListItemSchema.extend({
  todoTitle: z.string().meta({ description: "The title of the task's to-do list" }),
  categoryTitle: z.string().meta({ description: "The title of the task's category" }),
});
export type PlanTask = z.infer<typeof planTaskSchema>;

/** What the sidebar shows beside Today and Upcoming, in one request. */
export const planCountsSchema = z.object({
  today: z.number().int().min(0).meta({ description: 'Open tasks due today or before (overdue included)' }),
  overdue: z.number().int().min(0).meta({ description: 'Open tasks due before today' }),
  upcoming: z
    .number()
    .int()
    .min(0)
    .meta({ description: `Open tasks due from today through the next ${upcomingDefaultDays - 1} days` }),
});
export type PlanCounts = z.infer<typeof planCountsSchema>;

const dayField = z.string().meta({ description: 'A calendar day, YYYY-MM-DD', example: '2026-11-28' });

export const planCountsResponseSchema = z.object({ today: dayField, counts: planCountsSchema });
export type PlanCountsResponse = z.infer<typeof planCountsResponseSchema>;

/** Today's overdue tasks come a page at a time: which page. */
export const todayQuerySchema = z.object({
  overdueOffset: z.coerce
    .number({ error: messages.plan.overdueOffsetInvalid })
    .int({ error: messages.plan.overdueOffsetInvalid })
    .min(0, { error: messages.plan.overdueOffsetInvalid })
    .max(1_000_000, { error: messages.plan.overdueOffsetInvalid })
    .default(0)
    .meta({
      description: `How many overdue tasks (newest due first) to pass over before the ${overduePageSize} returned`,
    }),
});
export type TodayQuery = z.infer<typeof todayQuerySchema>;

export const todayResponseSchema = z.object({
  today: dayField.meta({ description: "Today in the account's time zone" }),
  overdue: z.array(planTaskSchema).meta({
    description: `Due before today, newest due first (a day's tasks in due order): at most ${overduePageSize}, from overdueOffset on`,
  }),
  overdueTotal: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'How many open tasks are overdue in all (the pages together)' }),
  dueToday: z
    .array(planTaskSchema)
    .meta({ description: 'Due today: the timed ones by time, then the all-day ones by list order' }),
  counts: planCountsSchema,
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

export const upcomingQuerySchema = z.object({
  days: z.coerce
    .number({ error: messages.plan.daysInvalid })
    .int({ error: messages.plan.daysInvalid })
    .min(1, { error: messages.plan.daysInvalid })
    .max(upcomingMaxDays, { error: messages.plan.daysInvalid })
    .default(upcomingDefaultDays)
    .meta({ description: `How many days from today, 1 to ${upcomingMaxDays}` }),
  from: z
    .string({ error: messages.plan.fromInvalid })
    .refine(isValidDueDate, { error: messages.plan.fromInvalid })
    .optional()
    .meta({
      description:
        'Where this page starts: the `nextFrom` of the page before (today when absent or already past)',
      example: '2026-11-30',
    }),
});
export type UpcomingQuery = z.infer<typeof upcomingQuerySchema>;

export const upcomingDaySchema = z.object({
  date: dayField,
  tasks: z.array(planTaskSchema).meta({ description: 'The open tasks due this day, in due order' }),
  later: z.array(idField).meta({
    description:
      "Ids of repeating tasks with a later occurrence this day, in due order: each task is sent once, in its own day's tasks or in `repeating`, not copied to every day it falls on",
  }),
});
export type UpcomingDay = z.infer<typeof upcomingDaySchema>;

export const upcomingResponseSchema = z.object({
  today: dayField.meta({ description: "Today in the account's time zone" }),
  days: z
    .array(upcomingDaySchema)
    .meta({ description: 'Every day from today on, empty ones included, each with its tasks in due order' }),
  repeating: z.array(planTaskSchema).meta({
    description:
      "Repeating tasks due before this page's first day whose later occurrences fall in its days (listed in `later`); the others `later` names are in their own day",
  }),
  nextFrom: dayField.nullable().meta({
    description: `The first day not in this page (ask again with \`from\`), or null when the page reaches the window's last day. A page holds whole days until at least ${upcomingPageSize} tasks, later occurrences included`,
  }),
  counts: planCountsSchema,
});
export type UpcomingResponse = z.infer<typeof upcomingResponseSchema>;
