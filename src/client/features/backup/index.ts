/** The public surface of backup for the other features: the two sections of the settings' Backup tab. */
export { ExportSection } from './components/export-section.tsx';
export { ImportSection } from './components/import-section.tsx';
