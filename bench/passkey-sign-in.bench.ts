// Passkey sign-in server time (docs/performance.md): the options request and the sign-in with a signed
// assertion, in process through app.inject on SQLite, so what is timed is the server's own work (no
// argon2 here: one ECDSA verification). The assertions come from the tests' software authenticator.
// Never asserts.
import { buildApp } from '../src/server/app.ts';
import { SoftAuthenticator } from '../src/server/test/soft-authenticator.ts';
import type { AuthenticationOptions, RegistrationOptions } from '../src/shared/schemas/passkeys.ts';
import { type Benchmark, formatMs, measure } from './benchmark.ts';
import { benchDeps, benchToken, createBenchUser, openBenchDatabase } from './notes-api-setup.ts';

const runs = 300;

let lastIp = 0;
// Each sign-in speaks from its own address, so the per-address limits never apply.
const nextIp = () => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

export async function runPasskeySignInBench(): Promise<void> {
  const database = await openBenchDatabase('sqlite');
  const deps = benchDeps(database.handle, database.dataDir);
  const app = await buildApp(deps);
  try {
    const userId = await createBenchUser(deps);
    const bearer = { authorization: `Bearer ${await benchToken(deps, userId)}` };
    const authenticator = new SoftAuthenticator(new URL(deps.config.APP_URL).origin);
    const options = await app.inject({
      method: 'POST',
      url: '/api/account/passkeys/options',
      headers: bearer,
    });
    const response = authenticator.register(options.json() as RegistrationOptions);
    const added = await app.inject({
      method: 'POST',
      url: '/api/account/passkeys',
      headers: bearer,
      payload: { name: 'bench', response },
    });
    if (added.statusCode !== 201) throw new Error(`adding the passkey: ${added.statusCode} ${added.body}`);

    const signInTimes: number[] = [];
    const both = await measure(runs, async () => {
      const ip = nextIp();
      const asked = await app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: ip });
      const assertion = authenticator.assert(asked.json() as AuthenticationOptions);
      const started = performance.now();
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/passkey/signin',
        remoteAddress: ip,
        payload: { response: assertion },
      });
      signInTimes.push(performance.now() - started);
      if (signedIn.statusCode !== 200) throw new Error(`sign-in: ${signedIn.statusCode} ${signedIn.body}`);
      return signedIn.body.length;
    });
    const measured = signInTimes.slice(-runs).sort((a, b) => a - b);
    const at = (p: number) =>
      measured[Math.min(measured.length - 1, Math.ceil((p / 100) * measured.length) - 1)] ?? 0;
    console.log(`  SQLite, in process (app.inject), ${runs} sign-ins after 5 unmeasured`);
    console.log(`    POST /api/auth/passkey/signin     p50 ${formatMs(at(50))}   p95 ${formatMs(at(95))}`);
    console.log(
      `    options + sign-in (one ceremony)  p50 ${formatMs(both.p50)}   p95 ${formatMs(both.p95)}`,
    );
  } finally {
    await app.close();
    await database.dispose();
  }
}

export const passkeySignInBenchmark: Benchmark = {
  name: 'passkey-sign-in',
  title: 'Passkey sign-in server time (options, then a verified assertion and a new session)',
  run: runPasskeySignInBench,
};

if (import.meta.main) await runPasskeySignInBench();
