/**
 * The notes module's public surface: the notes tree (notebooks, their sections, and the pages in them),
 * one plugin per resource, each registered in the guarded scope, and the page history's prune job.
 * Everything else in this folder is internal.
 */
export { historyPruneJob } from './history-prune.job.ts';
export { noteHistoryRoutes } from './note-history.routes.ts';
export { notebookRoutes } from './notebooks.routes.ts';
export { noteRoutes } from './notes.routes.ts';
export { sectionRoutes } from './sections.routes.ts';
