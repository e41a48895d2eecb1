/**
 * Reminders (docs/PRODUCT.md "Reminders"): a task's reminders, Web Push subscriptions, the fire job and
 * the notification actions. app.ts registers the routes, the job and the tasks hook.
 */
export { reminderActionRoutes } from './actions.routes.ts';
export { reminderFireJob } from './reminder-fire.job.ts';
export { reminderRoutes } from './reminders.routes.ts';
export { reminderTaskHooks } from './reminders.service.ts';
