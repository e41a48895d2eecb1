// First: configures zod before any schema module is evaluated (see the file).
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { Router } from './routes/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// TanStack Query is provided by the pages that need server state (workspace, settings, blog), so the
// landing page's first download stays small.
createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <Router />
    </AuthProvider>
  </StrictMode>,
);
