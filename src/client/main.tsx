// First: configures zod before any schema module is evaluated (see the file).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { preloadServerRenderedPage, Router } from './routes/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

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
