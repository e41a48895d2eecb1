import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { AdminOnlyLayout, ProtectedLayout, PublicOnlyLayout } from './guards.tsx';
import { HomeRoute } from './home-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { useScrollToTopOnNavigation } from './use-scroll-to-top.ts';

// Declarative routing (BrowserRouter + Routes) rather than the data router: we use no loaders or
// actions, and it keeps ~17 KB gzip out of the landing page's first download (measured: 97 KB vs 80 KB
// for React + router alone). Every page but `/` and 404 is loaded on demand, so the landing page never
// downloads the workspace, the blog admin or the auth screens.
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

/** Whether this address shows a signed-in user the workspace: /app, or / (HomeRoute) unless an OAuth return. */
export function opensWorkspace(): boolean {
  const path = window.location.pathname.replace(/\/+$/, '');
  return path === '/app' || (path === '' && window.location.search === '');
}

/**
 * Starts downloading the workspace's code as the page boots (main.tsx), beside the session check instead
 * of after it (issue 16). A failed download shows when the route renders (Booting).
 */
export function preloadWorkspacePage(): void {
  WorkspacePage.preload().catch(() => undefined);
}

export function AppRoutes() {
  useScrollToTopOnNavigation();
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/landing" element={<LandingPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/security" element={<SecurityPage />} />
        <Route path="/blog" element={<Eager page={BlogListPage} />} />
        <Route path="/blog/:slug" element={<Eager page={BlogPostPage} />} />
        {/* Reset and confirmation links must work whoever is signed in, so they are not public-only. */}
        <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route element={<PublicOnlyLayout />}>
          <Route path="/auth/signin" element={<SignInPage />} />
          <Route path="/auth/signup" element={<SignUpPage />} />
          <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
        </Route>
        <Route element={<ProtectedLayout />}>
          <Route path="/app" element={<Booting page={WorkspacePage} />} />
          <Route path="/checkout/success" element={<CheckoutSuccessPage />} />
          <Route path="/checkout/cancel" element={<CheckoutCancelPage />} />
          <Route path="/billing/test-checkout" element={<TestCheckoutPage />} />
          <Route path="/billing/test-portal" element={<TestPortalPage />} />
        </Route>
        <Route element={<AdminOnlyLayout />}>
          <Route path="/blog/admin" element={<BlogAdminPage />} />
          <Route path="/blog/admin/edit/:id" element={<BlogEditorPage />} />
          {/* The admin's New Post link (spec §2 lists no route for it): the editor in create mode. */}
          <Route path="/blog/admin/new" element={<BlogEditorPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
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
