// Applies the colour theme before the first paint (no white flash in dark mode). It is a classic,
// blocking script in <head> of index.html (and so of the server-rendered blog pages, which reuse it):
// the CSP allows only 'self' scripts, so it cannot be inline. The choice is localStorage
// `jotlist-theme` = `light` | `dark`; anything else follows the system. src/client/lib/theme.ts writes
// the choice and applies it the same way; this file also follows later system and cross-tab changes.
(() => {
  const key = 'jotlist-theme';
  const colors = { light: '#2563eb', dark: '#0f172a' };
  const media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  const choice = () => {
    try {
      return window.localStorage.getItem(key);
    } catch (_) {
      return null;
    }
  };

  const apply = () => {
    const chosen = choice();
    const dark = chosen === 'dark' || (chosen !== 'light' && media?.matches === true);
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', dark ? colors.dark : colors.light);
  };

  apply();
  media?.addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === key || event.key === null) apply();
  });
})();

// Zod's `jitless` before any module runs: our CSP forbids eval, and zod probes for it with
// `new Function('')` when a schema is constructed, which the browser reports as a violation. The
// bundler may place zod in a shared chunk that a module entry evaluates before its own first line,
// so lib/zod-jitless.ts alone cannot be first; this classic script always is.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
