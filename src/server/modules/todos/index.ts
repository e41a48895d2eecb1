/**
 * The todos module's public surface: the todos tree (to-do lists, their categories, the tasks in them and
 * their subtasks, and the labels on tasks), one plugin per resource, each registered in the guarded scope; and the one read of a
 * user's tasks that the calendar feed, calendar sync and the backup export share (task-reads.ts).
 * Everything else in this folder is internal.
 */
export { categoryRoutes } from './categories.routes.ts';
export { labelRoutes } from './labels.routes.ts';
export { skippedOccurrences } from './occurrences.repo.ts';
export { planRoutes } from './plan.routes.ts';
export { recurrenceRoutes } from './recurrence.routes.ts';
export { subtaskRoutes } from './subtasks.routes.ts';
export { readTasks, type TaskRead, type TaskSelection } from './task-reads.ts';
export { taskRoutes } from './tasks.routes.ts';
/** Reminders' notification buttons complete or move a task through the same rules as the API. */
export { changeTask } from './tasks.service.ts';
export { todoRoutes } from './todos.routes.ts';
