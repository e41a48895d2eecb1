// First: configures zod before any schema module is evaluated (see the file).
import './lib/zod-jitless.ts';
// Before anything renders: the nonce for the <style> elements libraries add (see the file).
import './lib/style-nonce.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { startTreeRequest } from './features/notes/early-tree.ts';
import { listenForInstallOffer } from './features/pwa/index.ts';
import { readStoredAuth, signedInRecently } from './lib/auth-storage.ts';
import { startSessionCheck } from './lib/session-refresh.ts';
import { opensWorkspace, preloadServerRenderedPage, preloadWorkspacePage, Router } from './routes/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// docs/performance.md: what a page needs before it can show anything starts now and at once, not one step after
// another. The session check; and on the workspace's addresses, when this browser is signed in, the
// workspace's code and the tree (the tree only while the access cookie is fresh: an older one would meet
// a 401 before the session check's silent refresh). A browser without that shared state starts them
// when the session check finds someone signed in: a visitor is not sent the workspace's code.
const session = startSessionCheck();
// The browser may offer to install the app at any time; Settings shows the offer it kept.
listenForInstallOffer();
if (opensWorkspace()) {
  const signedIn = session.then((answer) => Boolean(answer?.user));
  const bootWorkspace = (withTree: boolean) => {
    if (withTree) void startTreeRequest(signedIn);
    preloadWorkspacePage();
  };
  if (readStoredAuth()?.signedIn) bootWorkspace(signedInRecently());
  else void signedIn.then((yes) => yes && bootWorkspace(true));
}

// TanStack Query is provided by the pages that need server state (workspace, settings, blog), so the
// landing page's first download stays small.
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AuthProvider>
        <Router />
      </AuthProvider>
    </StrictMode>,
  );
// A server-rendered blog page first loads its page's code (router.tsx), then renders once, in place.
// It renders as a transition: the server's markup stays on screen meanwhile, so React may work in
// small slices and keep the page responsive (Lighthouse's total blocking time) instead of one long task.
preloadServerRenderedPage().then((preloaded) => (preloaded ? startTransition(render) : render()), render);
