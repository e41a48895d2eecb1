/**
 * The public surface of the installable app: listening for the install offer, the update prompt the
 * workspace shows (it also registers the service worker) and the install section of Settings.
 */
export { listenForInstallOffer } from './app-worker.ts';
export { InstallSection } from './components/install-section.tsx';
export { UpdatePrompt } from './components/update-prompt.tsx';
