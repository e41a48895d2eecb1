import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { createRouter } from './routes/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// TanStack Query is provided by the pages that need server state (workspace, settings, blog), so the
// landing page's first download stays small.
createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <RouterProvider router={createRouter()} />
    </AuthProvider>
  </StrictMode>,
);
