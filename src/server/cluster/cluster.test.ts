import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheLimits } from '../modules/auth/index.ts';
import { type Cluster, clusterUnavailable, startCluster } from '../test/cluster.ts';
import {
  asSignedIn,
  confirmedAccount,
  postJson,
  randomClientIp,
  uniqueClusterEmail,
} from '../test/cluster-accounts.ts';

/**
 * docs/operations.md: two real instances on one PostgreSQL database behind the real nginx of deploy/nginx.conf.
 * Limits, revocations and entitlement changes made through one instance hold on the other at once.
 * (Failover under load: cluster-failover.test.ts; the browser journey: e2e/cluster.spec.ts.)
 */
const unavailable = clusterUnavailable();
if (unavailable) console.warn(`cluster tests skipped: ${unavailable}`);

describe.runIf(!unavailable)('two instances behind nginx on one PostgreSQL', () => {
  let cluster: Cluster;
  // TRIAL_DAYS=0: new accounts are read-only until they subscribe (the entitlement case needs one).
  beforeAll(async () => {
    cluster = await startCluster({ instances: 2, env: { TRIAL_DAYS: '0' } });
  }, 150_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 30_000);

  const instanceUrl = (id: string) => {
    const instance = cluster.instances.find((candidate) => candidate.id === id);
    if (!instance) throw new Error(`no instance ${id}`);
    return instance.server.baseURL;
  };

  /** Statuses (and answering instances) of `count` wrong-password sign-ins for one address and IP. */
  async function failedSignIns(baseUrl: string, count: number) {
    const email = uniqueClusterEmail('limit');
    const ip = randomClientIp();
    const statuses: number[] = [];
    const instances = new Set<string>();
    for (let i = 0; i < count; i++) {
      const res = await postJson(
        `${baseUrl}/api/auth/signin`,
        { email, password: 'Wr0ng&Pass', rememberMe: false },
        { 'x-forwarded-for': ip },
      );
      statuses.push(res.status);
      instances.add(res.headers.get('x-instance') ?? '?');
    }
    return { firstRefused: statuses.indexOf(429) + 1, statuses, instances };
  }

  it('sign-in attempts spread over both instances hit 429 at the same count as against one', async () => {
    const alone = await failedSignIns(instanceUrl('a'), 12);
    const spread = await failedSignIns(cluster.url, 12);
    expect(alone.instances).toEqual(new Set(['a']));
    expect(spread.instances).toEqual(new Set(['a', 'b']));
    // 10 failures per address and IP (rate-limiter.ts): the 11th is refused, wherever it lands.
    expect(alone.firstRefused).toBe(11);
    expect(spread.firstRefused).toBe(alone.firstRefused);
    expect(spread.statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  });

  it("a route's own limit (the contact form, @fastify/rate-limit) is shared too", async () => {
    const ip = randomClientIp();
    const statuses: number[] = [];
    const instances = new Set<string>();
    for (let i = 0; i < 7; i++) {
      const res = await postJson(
        `${cluster.url}/api/contact`,
        { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: `Message ${i}` },
        { 'x-forwarded-for': ip },
      );
      statuses.push(res.status);
      instances.add(res.headers.get('x-instance') ?? '?');
    }
    expect(instances).toEqual(new Set(['a', 'b']));
    // 5 per client address per 10 minutes (contact.routes.ts).
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  /**
   * Polls `url` with the account's cookies until it answers 401; answers the milliseconds it took.
   * The tests print that figure (the target is ≤ 100 ms, docs/operations.md; measured 3–28 ms) but assert only that it
   * beats the caches' TTL: refusal before the TTL can only come from the invalidation, while a timing
   * threshold would flake on a loaded CI machine (tests never assert timings).
   */
  async function msUntilRefused(url: string, cookie: string, since: number): Promise<number> {
    for (let polls = 1; ; polls++) {
      const res = await fetch(url, { headers: { cookie } });
      if (res.status === 401) {
        const ms = performance.now() - since;
        console.info(`refused after ${ms.toFixed(1)} ms (${polls} requests)`);
        return ms;
      }
      expect(res.status).toBe(200);
      if (performance.now() - since > sessionCacheLimits.ttlMs)
        throw new Error('still signed in after the cache TTL');
    }
  }

  it('a session signed out on one instance is refused by the other within 100 ms', async () => {
    const account = await confirmedAccount(cluster, 'signout');
    const tree = `${instanceUrl('b')}/api/notes/tree`;
    // Twice, so B answers the second from its session cache.
    for (let i = 0; i < 2; i++)
      expect((await fetch(tree, { headers: { cookie: account.cookie } })).status).toBe(200);
    const signOut = await fetch(
      `${instanceUrl('a')}/api/auth/signout`,
      asSignedIn(cluster, account, { method: 'POST' }),
    );
    expect(signOut.status).toBe(200);
    const ms = await msUntilRefused(tree, account.cookie, performance.now());
    console.info(`sign-out on instance a refused on instance b after ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(sessionCacheLimits.ttlMs);
  });

  it('signing out everywhere on one instance is refused by the other within 100 ms', async () => {
    const account = await confirmedAccount(cluster, 'everywhere');
    const tree = `${instanceUrl('a')}/api/notes/tree`;
    for (let i = 0; i < 2; i++)
      expect((await fetch(tree, { headers: { cookie: account.cookie } })).status).toBe(200);
    const res = await fetch(
      `${instanceUrl('b')}/api/auth/signout-all`,
      asSignedIn(cluster, account, { method: 'POST' }),
    );
    expect(res.status).toBe(200);
    expect(await msUntilRefused(tree, account.cookie, performance.now())).toBeLessThan(
      sessionCacheLimits.ttlMs,
    );
  });

  it('with its invalidation channel cut, an instance caches nothing until it is back', async () => {
    const account = await confirmedAccount(cluster, 'cut');
    const tree = `${instanceUrl('b')}/api/notes/tree`;
    for (let i = 0; i < 2; i++)
      expect((await fetch(tree, { headers: { cookie: account.cookie } })).status).toBe(200);
    const cut = await cluster.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where application_name = 'jotlist-invalidation' and datname = current_database()`,
    );
    expect(cut.length).toBe(2);
    // Whether or not B has reconnected yet, the sign-out on A must hold on B at once.
    const signOut = await fetch(
      `${instanceUrl('a')}/api/auth/signout`,
      asSignedIn(cluster, account, { method: 'POST' }),
    );
    expect(signOut.status).toBe(200);
    expect(await msUntilRefused(tree, account.cookie, performance.now())).toBeLessThan(
      sessionCacheLimits.ttlMs,
    );
    // Both listeners come back (reconnection with backoff).
    const deadline = Date.now() + 10_000;
    let listening = 0;
    while (listening < 2 && Date.now() < deadline) {
      const rows = await cluster.query(
        `select pid from pg_stat_activity where application_name = 'jotlist-invalidation'
         and datname = current_database() and state = 'idle'`,
      );
      listening = rows.length;
      if (listening < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listening).toBe(2);
  });

  it('a subscription taken on one instance makes the account writable on the other at once', async () => {
    const account = await confirmedAccount(cluster, 'subscribe');
    const create = () =>
      fetch(
        `${instanceUrl('b')}/api/notebooks`,
        asSignedIn(cluster, account, { method: 'POST', body: '{}' }),
      );
    // Twice: B's profile cache now holds the expired trial.
    for (let i = 0; i < 2; i++) {
      const refused = await create();
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('read_only');
    }
    const a = instanceUrl('a');
    const checkout = await fetch(
      `${a}/api/billing/checkout-session`,
      asSignedIn(cluster, account, { method: 'POST', body: '{}' }),
    );
    expect(checkout.status).toBe(200);
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    const pay = await fetch(
      `${a}/api/billing/test-mode/checkout/${sessionId}/pay`,
      asSignedIn(cluster, account, { method: 'POST', body: '{}' }),
    );
    expect(pay.status).toBe(200);
    expect((await create()).status).toBe(201);
  });
});
