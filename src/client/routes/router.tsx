import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { oauthCallbackPaths } from '../../shared/domain/oauth-callback.ts';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { BrowserRouter, Route, Switch } from '../lib/router.tsx';
import { AdminOnly, Protected, PublicOnly } from './guards.tsx';
import { HomeRoute } from './home-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { useScrollToTopOnNavigation } from './use-scroll-to-top.ts';

// wouter behind lib/router.tsx rather than React Router: we use no loaders or actions, only a route
// table, links and a few hooks, and the switch took ~11 KB gzip off both first downloads (docs/performance.md,
// `npm run bench -- editor`: workspace 259.6 -> 248.3 KB, landing page 107.9 -> 96.5 KB). Every page but
// `/` and 404 is loaded on demand, so the landing page never downloads the workspace, the blog admin or
// the auth screens.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    // A failed download is forgotten, so that rendering the page tries again.
    loading ??= load().then(
      (module) => {
        loaded = module[name];
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload, loaded: () => loaded },
  );
};

/**
 * A page that may have been preloaded (preloadServerRenderedPage): rendered directly when it was, since
 * React.lazy suspends for a tick even then and would put the Suspense fallback over the server's
 * markup. Chosen once per page, so a re-render never swaps the component (which would remount it);
 * the same Eager is reused when the route changes to another page (/blog to /blog/{slug}).
 */
function Eager({ page: Lazy }: { page: ReturnType<typeof page> }) {
  const [chosen, setChosen] = useState(() => ({ page: Lazy, Component: Lazy.loaded() ?? Lazy }));
  if (chosen.page !== Lazy) {
    const next = { page: Lazy, Component: Lazy.loaded() ?? Lazy };
    setChosen(next);
    return <next.Component />;
  }
  return <chosen.Component />;
}

/**
 * The workspace's route: until its code is here, the same spinner the auth guard shows, then the page
 * rendered directly (Eager). The download is the one the boot started (preloadWorkspacePage), else it
 * starts now (after a sign-in, say). Not Suspense: once a Suspense fallback is on screen React holds the
 * content back until 300 ms after it appeared (its fallback throttle), which on /app was ~200 ms of idle
 * time between the code's arrival and the workspace. A failed download leaves Eager to render the lazy
 * page, which tries again (and shows the error boundary) as before.
 */
function Booting({ page: Lazy }: { page: ReturnType<typeof page> }) {
  const [waiting, setWaiting] = useState(() => Lazy.loaded() === undefined);
  useEffect(() => {
    if (!waiting) return;
    const done = () => setWaiting(false);
    Lazy.preload().then(done, done);
  }, [waiting, Lazy]);
  return waiting ? <FullScreenSpinner /> : <Eager page={Lazy} />;
}

const LandingPage = page(() => import('./landing-page.tsx'), 'LandingPage');
const AboutPage = page(() => import('./about-page.tsx'), 'AboutPage');
const ContactPage = page(() => import('./contact-page.tsx'), 'ContactPage');
const PrivacyPage = page(() => import('./privacy-page.tsx'), 'PrivacyPage');
const TermsPage = page(() => import('./terms-page.tsx'), 'TermsPage');
const SecurityPage = page(() => import('./security-page.tsx'), 'SecurityPage');
const BlogListPage = page(() => import('./blog-list-page.tsx'), 'BlogListPage');
const BlogPostPage = page(() => import('./blog-post-page.tsx'), 'BlogPostPage');
const BlogAdminPage = page(() => import('./blog-admin-page.tsx'), 'BlogAdminPage');
const BlogEditorPage = page(() => import('./blog-editor-page.tsx'), 'BlogEditorPage');
const SignInPage = page(() => import('./sign-in-page.tsx'), 'SignInPage');
const SignUpPage = page(() => import('./sign-up-page.tsx'), 'SignUpPage');
const ForgotPasswordPage = page(() => import('./forgot-password-page.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./reset-password-page.tsx'), 'ResetPasswordPage');
const AuthCallbackPage = page(() => import('./auth-callback-page.tsx'), 'AuthCallbackPage');
const CalendarCallbackPage = page(() => import('./calendar-callback-page.tsx'), 'CalendarCallbackPage');
const WorkspacePage = page(() => import('./workspace-page.tsx'), 'WorkspacePage');
const CheckoutSuccessPage = page(() => import('./checkout-success-page.tsx'), 'CheckoutSuccessPage');
const CheckoutCancelPage = page(() => import('./checkout-cancel-page.tsx'), 'CheckoutCancelPage');
const TestCheckoutPage = page(() => import('./test-checkout-page.tsx'), 'TestCheckoutPage');
const TestPortalPage = page(() => import('./test-portal-page.tsx'), 'TestPortalPage');

/**
 * Before the first render of a page the server rendered with its data (/blog, /blog/{slug}: see
 * features/blog/page-data.ts), loads that page's code, so React's first render replaces the server's
 * markup with the same content instead of a loading state (layout shift). True when it did.
 */
export async function preloadServerRenderedPage(): Promise<boolean> {
  if (!document.getElementById('jotlist-blog-data')) return false;
  const path = window.location.pathname.replace(/\/+$/, '');
  if (path === '/blog') await BlogListPage.preload();
  else if (path.startsWith('/blog/')) await BlogPostPage.preload();
  else return false;
  return true;
}

/** Whether this address shows a signed-in user the workspace: /app, a page's /app/pages/<id>, or / (HomeRoute) unless an OAuth return. */
export function opensWorkspace(): boolean {
  const path = window.location.pathname.replace(/\/+$/, '');
  return path === '/app' || path.startsWith('/app/pages/') || (path === '' && window.location.search === '');
}

/**
 * Starts downloading the workspace's code as the page boots (main.tsx), beside the session check instead
 * of after it (docs/performance.md). A failed download shows when the route renders (Booting).
 */
export function preloadWorkspacePage(): void {
  WorkspacePage.preload().catch(() => undefined);
}

export function AppRoutes() {
  useScrollToTopOnNavigation();
  // A Switch renders the first match, so the order matters: /blog/admin routes before /blog/:slug.
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Switch>
        <Route path="/">
          <HomeRoute />
        </Route>
        <Route path="/landing">
          <LandingPage />
        </Route>
        <Route path="/about">
          <AboutPage />
        </Route>
        <Route path="/contact">
          <ContactPage />
        </Route>
        <Route path="/privacy">
          <PrivacyPage />
        </Route>
        <Route path="/terms">
          <TermsPage />
        </Route>
        <Route path="/security">
          <SecurityPage />
        </Route>
        <Route path="/blog">
          <Eager page={BlogListPage} />
        </Route>
        <Route path="/blog/admin">
          <AdminOnly>
            <BlogAdminPage />
          </AdminOnly>
        </Route>
        <Route path="/blog/admin/edit/:id">
          <AdminOnly>
            <BlogEditorPage />
          </AdminOnly>
        </Route>
        {/* The admin's New Post link (the original brief lists no route for it: docs/PRODUCT.md §11): the editor in create mode. */}
        <Route path="/blog/admin/new">
          <AdminOnly>
            <BlogEditorPage />
          </AdminOnly>
        </Route>
        <Route path="/blog/:slug">
          <Eager page={BlogPostPage} />
        </Route>
        {/* Reset and confirmation links must work whoever is signed in, so they are not public-only. */}
        <Route path="/auth/reset-password">
          <ResetPasswordPage />
        </Route>
        <Route path="/auth/callback">
          <AuthCallbackPage />
        </Route>
        {/* Each calendar provider's redirect URI: the screen posts the answer with the path's provider. */}
        <Route path={oauthCallbackPaths.google}>
          <CalendarCallbackPage />
        </Route>
        <Route path={oauthCallbackPaths.outlook}>
          <CalendarCallbackPage />
        </Route>
        <Route path="/auth/signin">
          <PublicOnly>
            <SignInPage />
          </PublicOnly>
        </Route>
        <Route path="/auth/signup">
          <PublicOnly>
            <SignUpPage />
          </PublicOnly>
        </Route>
        <Route path="/auth/forgot-password">
          <PublicOnly>
            <ForgotPasswordPage />
          </PublicOnly>
        </Route>
        <Route path="/app">
          <Protected>
            <Booting page={WorkspacePage} />
          </Protected>
        </Route>
        {/* A page's own address: the same workspace element (same type, same place), so moving between
            /app and a page never remounts it; the workspace reads the id from the address. */}
        <Route path="/app/pages/:id">
          <Protected>
            <Booting page={WorkspacePage} />
          </Protected>
        </Route>
        <Route path="/checkout/success">
          <Protected>
            <CheckoutSuccessPage />
          </Protected>
        </Route>
        <Route path="/checkout/cancel">
          <Protected>
            <CheckoutCancelPage />
          </Protected>
        </Route>
        <Route path="/billing/test-checkout">
          <Protected>
            <TestCheckoutPage />
          </Protected>
        </Route>
        <Route path="/billing/test-portal">
          <Protected>
            <TestPortalPage />
          </Protected>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}

export function Router() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
