import { z } from 'zod';
import { maxReminderOffsetMinutes, maxRemindersPerTask } from '../domain/reminders.ts';
import { messages } from '../messages.ts';

/**
 * Reminders and Web Push: request and response shapes of /api/tasks/:id/reminders, /api/push/*,
 * /api/account/default-reminder and /api/reminders/actions.
 */

const m = messages.reminders;

const offsetField = z
  .number()
  .int()
  .min(1)
  .max(maxReminderOffsetMinutes)
  .describe('Minutes before the due time (1 to four weeks)');

export const reminderRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('atDue').describe('At the due time (09:00 for an all-day task)') }),
  z.object({ kind: z.literal('before'), offsetMinutes: offsetField }),
]);

export const reminderSchema = z.object({
  id: z.string(),
  kind: z.enum(['atDue', 'before', 'snooze']).describe('`snooze`: a one-off from a notification'),
  offsetMinutes: z.number().int().describe('Minutes before the due time; 0 unless `before`'),
  fireAt: z.string().nullable().describe('When it fires (ISO UTC); null without a due date or once done'),
  firedAt: z.string().nullable().describe('When it was sent for this fireAt; null until then'),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const remindersResponseSchema = z.object({ reminders: z.array(reminderSchema) });
export type RemindersResponse = z.infer<typeof remindersResponseSchema>;

export const putRemindersBodySchema = z.object({
  reminders: z
    .array(reminderRuleSchema)
    .max(maxRemindersPerTask, { error: m.tooMany(maxRemindersPerTask) })
    .describe('The whole list (replaces the timed ones; a snooze stays); needs a due date unless empty'),
});
export type PutRemindersBody = z.infer<typeof putRemindersBodySchema>;

export const publicKeyResponseSchema = z.object({
  publicKey: z
    .string()
    .describe("The VAPID public key (base64url), PushManager.subscribe's applicationServerKey"),
});

const keyField = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/);

/** The shape of a browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .max(2000)
    .describe('The push service URL (https://; http:// to loopback outside production)'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: keyField, auth: keyField }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const deletePushSubscriptionBodySchema = z.object({ endpoint: z.string().max(2000) });

export const defaultReminderBodySchema = z.object({
  minutes: z
    .number()
    .int()
    .min(0)
    .max(maxReminderOffsetMinutes)
    .nullable()
    .describe("A new task's reminder, minutes before its due time (0 = at it); null = none"),
});
export type DefaultReminderBody = z.infer<typeof defaultReminderBodySchema>;
export const defaultReminderResponseSchema = defaultReminderBodySchema;

export const reminderActions = ['done', 'snooze10', 'tomorrow'] as const;
export type ReminderAction = (typeof reminderActions)[number];

export const reminderActionBodySchema = z.object({
  token: z.string().min(1).max(1000).describe("The action token from the notification's payload"),
  action: z.enum(reminderActions),
});

export const reminderActionResponseSchema = z.object({
  ok: z.literal(true),
  taskId: z.string(),
  completed: z.boolean(),
  dueDate: z.string().nullable(),
  dueTime: z.string().nullable(),
});
export type ReminderActionResponse = z.infer<typeof reminderActionResponseSchema>;

/** What the service worker receives in a push (JSON), and what it posts to open tabs. */
export const reminderPushPayloadSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  body: z.string(),
  due: z.string().describe('The due instant (ISO UTC)'),
  late: z.boolean().describe('Sent after its fire time (the server was down)'),
  token: z.string(),
  url: z.string(),
  actions: z.array(z.object({ action: z.enum(reminderActions), title: z.string() })),
});
export type ReminderPushPayload = z.infer<typeof reminderPushPayloadSchema>;
