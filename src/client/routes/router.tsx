import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminOnlyLayout, ProtectedLayout, PublicOnlyLayout } from './guards.tsx';
import { HomeRoute } from './home-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';

// Every page but `/` and 404 is loaded on demand, so the landing page never downloads the workspace,
// the blog admin or the auth screens.
const lazyPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

export const routes: RouteObject[] = [
  { path: '/', element: <HomeRoute /> },
  lazyPage('/landing', async () => (await import('./landing-page.tsx')).LandingPage),
  lazyPage('/about', async () => (await import('./about-page.tsx')).AboutPage),
  lazyPage('/contact', async () => (await import('./contact-page.tsx')).ContactPage),
  lazyPage('/privacy', async () => (await import('./privacy-page.tsx')).PrivacyPage),
  lazyPage('/terms', async () => (await import('./terms-page.tsx')).TermsPage),
  lazyPage('/security', async () => (await import('./security-page.tsx')).SecurityPage),
  lazyPage('/blog', async () => (await import('./blog-list-page.tsx')).BlogListPage),
  lazyPage('/blog/:slug', async () => (await import('./blog-post-page.tsx')).BlogPostPage),
  // Reset and confirmation links must work whoever is signed in, so they are not public-only.
  lazyPage('/auth/reset-password', async () => (await import('./reset-password-page.tsx')).ResetPasswordPage),
  lazyPage('/auth/callback', async () => (await import('./auth-callback-page.tsx')).AuthCallbackPage),
  {
    element: <PublicOnlyLayout />,
    children: [
      lazyPage('/auth/signin', async () => (await import('./sign-in-page.tsx')).SignInPage),
      lazyPage('/auth/signup', async () => (await import('./sign-up-page.tsx')).SignUpPage),
      lazyPage(
        '/auth/forgot-password',
        async () => (await import('./forgot-password-page.tsx')).ForgotPasswordPage,
      ),
    ],
  },
  {
    element: <ProtectedLayout />,
    children: [
      lazyPage('/app', async () => (await import('./workspace-page.tsx')).WorkspacePage),
      lazyPage(
        '/checkout/success',
        async () => (await import('./checkout-success-page.tsx')).CheckoutSuccessPage,
      ),
      lazyPage(
        '/checkout/cancel',
        async () => (await import('./checkout-cancel-page.tsx')).CheckoutCancelPage,
      ),
    ],
  },
  {
    element: <AdminOnlyLayout />,
    children: [
      lazyPage('/blog/admin', async () => (await import('./blog-admin-page.tsx')).BlogAdminPage),
      lazyPage('/blog/admin/edit/:id', async () => (await import('./blog-editor-page.tsx')).BlogEditorPage),
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
