#!/usr/bin/env node
/**
 * Scale-out check: two instances behind nginx (round-robin) on one fresh PostgreSQL database and one Redis.
 * Shows that a session signed in on one instance refreshes on the other, that a vote cast on one reaches a page
 * connected by server-sent events to the other (and a page reconnecting there with Last-Event-ID gets what it
 * missed), and that the vote rate limit counts across both. Prints PASS/FAIL lines; exits 1 on any FAIL.
 *
 *   node bench/scale-out.mjs        (E2E_PORT=3170 by default: nginx on it, instances on +1 and +2, Redis on +9)
 */
import { CHINA_2025, chinaBallot, client, openEventStream, report, runClusterCheck } from './lib/cluster.mjs';

const VOTE_RATE_LIMIT = 4;
await runClusterCheck({ VOTE_RATE_LIMIT: String(VOTE_RATE_LIMIT), VOTE_ANONYMOUS_PER_ADDRESS: '1000' }, async (cluster) => {
  const base = (which) => cluster.url(which, '');
  console.log(`nginx ${base('nginx')} -> instance A ${base('a')}, instance B ${base('b')}; database ${cluster.databaseUrl}`);

  // Sessions: the refresh tokens are in the database and SESSION_SECRET is the same on both.
  const email = 'scale-out@example.com';
  const password = 'correct horse battery staple';
  const created = await client(base('a')).request('/api/test/users', { method: 'POST', body: { email, password } });
  const browser = client(base('a'));
  const signIn = await browser.request('/api/auth/sign-in', { method: 'POST', body: { email, password } });
  report(created.status === 201 && signIn.status === 200, `sign in through instance A (${signIn.status})`);
  const onB = client(base('b'));
  for (const [name, value] of browser.cookies) onB.cookies.set(name, value);
  const me = await onB.request('/api/auth/me', { headers: { authorization: `Bearer ${signIn.json?.accessToken}` } });
  report(me.status === 200 && me.json?.email === email, `instance B accepts A's access token (${me.status})`);
  const refreshed = await onB.request('/api/auth/refresh', { method: 'POST' });
  report(refreshed.status === 200 && refreshed.json?.user?.email === email, `refresh the session through instance B (${refreshed.status})`);
  const replayed = await browser.request('/api/auth/refresh', { method: 'POST' });
  report(replayed.status === 401, `the refresh token B rotated is refused when replayed on A (${replayed.status})`);

  // Events: a page on B hears of a vote cast on A.
  const pageOnB = await openEventStream(cluster.url('b', '/api/live/events'));
  const pageThroughNginx = [await openEventStream(cluster.url('nginx', '/api/live/events')), await openEventStream(cluster.url('nginx', '/api/live/events'))];
  const voter = client(base('a'), { address: '198.51.100.10' });
  const cast = await voter.request('/api/vote', { method: 'POST', body: chinaBallot });
  report(cast.status === 201, `cast a vote on instance A (${cast.status})`);
  const isVote = (totalVotes) => (event) => event.event === 'vote-results-updated' && event.data.raceId === CHINA_2025 && event.data.totalVotes === totalVotes;
  const heard = await pageOnB.waitFor(isVote(1));
  report(Boolean(heard), `a page connected by SSE to instance B receives vote-results-updated ${JSON.stringify(heard?.data ?? null)}`);
  const heardThroughNginx = await Promise.all(pageThroughNginx.map((page) => page.waitFor(isVote(1))));
  report(heardThroughNginx.every(Boolean), 'two pages connected through nginx (round-robin) receive it');

  // Last-Event-ID across instances: the page drops, a vote happens, it reconnects to the other instance.
  pageOnB.close();
  const second = await client(base('b'), { address: '198.51.100.11' }).request('/api/vote', { method: 'POST', body: chinaBallot });
  const reconnectedOnA = await fetch(cluster.url('a', '/api/live/events'), { headers: { 'last-event-id': heard?.id ?? '' } });
  const reader = reconnectedOnA.body.getReader();
  let replay = '';
  while (!replay.includes('vote-results-updated')) {
    const { value, done } = await Promise.race([reader.read(), new Promise((resolve) => setTimeout(() => resolve({ done: true }), 5000))]);
    if (done) break;
    replay += new TextDecoder().decode(value);
  }
  await reader.cancel();
  report(second.status === 201 && /"totalVotes":2/.test(replay), 'a page reconnecting to instance A with Last-Event-ID gets the vote it missed (cast on B)');
  pageThroughNginx.forEach((page) => page.close());

  // Rate limit: one address, alternating instances; the limit is the sum over both.
  const address = '203.0.113.50';
  const statuses = [];
  for (let attempt = 0; attempt <= VOTE_RATE_LIMIT; attempt += 1) {
    const instance = attempt % 2 === 0 ? 'a' : 'b';
    statuses.push((await client(base(instance), { address }).request('/api/vote', { method: 'POST', body: {} })).status);
  }
  report(
    statuses.slice(0, VOTE_RATE_LIMIT).every((status) => status === 400) && statuses[VOTE_RATE_LIMIT] === 429,
    `VOTE_RATE_LIMIT=${VOTE_RATE_LIMIT} counts across both instances: A,B,A,B,A -> ${statuses.join(',')}`,
  );
  const throughNginx = [];
  for (let attempt = 0; attempt <= VOTE_RATE_LIMIT; attempt += 1) {
    throughNginx.push((await client(base('nginx'), { address: '203.0.113.51' }).request('/api/vote', { method: 'POST', body: {} })).status);
  }
  report(throughNginx.at(-1) === 429 && throughNginx.slice(0, -1).every((status) => status === 400), `the same through nginx round-robin -> ${throughNginx.join(',')}`);

  const health = await client(base('nginx')).request('/api/health');
  report(health.status === 200 && health.json?.redis === 'up', `health through nginx: ${health.text}`);
});
