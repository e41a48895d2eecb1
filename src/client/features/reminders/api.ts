import { z } from 'zod';
import type { ReminderRule } from '../../../shared/domain/reminders.ts';
import {
  defaultReminderResponseSchema,
  publicKeyResponseSchema,
  type ReminderAction,
  reminderActionResponseSchema,
  remindersResponseSchema,
} from '../../../shared/schemas/reminder.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The reminders API (src/shared/schemas/reminder.ts names every endpoint and shape). */

const ok = z.unknown();

export const remindersApi = {
  list: (taskId: string) => apiRequest(`/api/tasks/${taskId}/reminders`, remindersResponseSchema),
  replace: (taskId: string, reminders: ReminderRule[]) =>
    apiRequest(`/api/tasks/${taskId}/reminders`, remindersResponseSchema, {
      method: 'PUT',
      body: { reminders },
    }),
  publicKey: () => apiRequest('/api/push/public-key', publicKeyResponseSchema),
  subscribe: (subscription: PushSubscriptionJSON) =>
    apiRequest('/api/push/subscriptions', ok, { method: 'POST', body: subscription }),
  unsubscribe: (endpoint: string) =>
    apiRequest('/api/push/subscriptions', ok, { method: 'DELETE', body: { endpoint } }),
  defaultReminder: () => apiRequest('/api/account/default-reminder', defaultReminderResponseSchema),
  setDefaultReminder: (minutes: number | null) =>
    apiRequest('/api/account/default-reminder', defaultReminderResponseSchema, {
      method: 'PUT',
      body: { minutes },
    }),
  act: (token: string, action: ReminderAction) =>
    apiRequest('/api/reminders/actions', reminderActionResponseSchema, {
      method: 'POST',
      body: { token, action },
    }),
};

export const reminderKeys = {
  task: (taskId: string) => ['reminders', taskId] as const,
  defaultReminder: ['reminders', 'default'] as const,
};
