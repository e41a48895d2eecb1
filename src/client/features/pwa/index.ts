/**
 * The public surface of the installable app: starting its service worker, the update prompt the
 * workspace shows and the install section of Settings.
 */
export { startAppWorker } from './app-worker.ts';
export { InstallSection } from './components/install-section.tsx';
export { UpdatePrompt } from './components/update-prompt.tsx';
