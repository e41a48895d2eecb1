/**
 * The notes module's public surface: the notes tree (notebooks, their sections, and the pages in them),
 * one plugin per resource, each registered in the guarded scope. Everything else in this folder is internal.
 */
export { notebookRoutes } from './notebooks.routes.ts';
export { noteRoutes } from './notes.routes.ts';
export { sectionRoutes } from './sections.routes.ts';
