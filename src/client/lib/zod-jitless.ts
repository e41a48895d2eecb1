// Our Content-Security-Policy forbids eval. Zod probes for it with `new Function('')` when a schema is
// *constructed* (not parsed), which the browser reports as a CSP violation, unless its global config says
// `jitless`. That must be set before any schema module is evaluated, so the entry imports this first.
// Zod keeps its config on `globalThis.__zod_globalConfig` and picks up an existing object; setting it
// here (rather than importing zod's `config`) keeps 3.7 KB gzip of zod's core out of the landing page.
// The CSP journey in e2e/spa-serving.spec.ts fails if a zod upgrade ever stops honouring this.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
