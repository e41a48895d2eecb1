/**
 * The public surface of reminders for the other features: the settings section, the task panel's
 * reminders and the in-app notice the workspace shows while open.
 */
export { ReminderNotice } from './components/reminder-notice.tsx';
export { RemindersSettings } from './components/reminders-settings.tsx';
export { TaskReminders } from './components/task-reminders.tsx';
