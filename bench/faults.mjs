#!/usr/bin/env node
/**
 * Fault check: two instances behind nginx, a storm of votes (each from a new anonymous visitor at an address of
 * its own), and SIGKILL of one instance in the middle of it. Checks that every vote answered 2xx is in the
 * database afterwards and that the other instance keeps serving. Prints PASS/FAIL lines; exits 1 on any FAIL.
 *
 *   node bench/faults.mjs [ballots=600] [concurrency=24]
 */
import { CHINA_2025, chinaBallot, client, report, runClusterCheck } from './lib/cluster.mjs';

const ballots = Number(process.argv[2] ?? 600);
const concurrency = Number(process.argv[3] ?? 24);
const killAfter = Math.floor(ballots / 3);

await runClusterCheck({ VOTE_RATE_LIMIT: '100000', VOTE_ANONYMOUS_PER_ADDRESS: '1000' }, async (cluster) => {
  const nginx = cluster.url('nginx', '');
  const outcomes = new Array(ballots);
  let next = 0;
  let killedAt;

  const castOne = async (index) => {
    const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    const voter = client(nginx, { address });
    const startedAfterKill = killedAt !== undefined;
    try {
      const { status } = await voter.request('/api/vote', { method: 'POST', body: chinaBallot });
      const cookie = voter.cookies.get('slipstream_visitor');
      outcomes[index] = { status, visitorId: cookie?.split('.')[1], startedAfterKill };
    } catch (error) {
      outcomes[index] = { status: `network error (${error.cause?.code ?? error.message})`, startedAfterKill };
    }
  };
  const worker = async () => {
    while (next < ballots) {
      const index = next;
      next += 1;
      if (index === killAfter) {
        killedAt = Date.now();
        cluster.instances.b.kill('SIGKILL');
        console.log(`SIGKILL instance B (pid ${cluster.instances.b.pid}) after ${killAfter} ballots were sent`);
      }
      await castOne(index);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (Date.now() - started) / 1000;

  const byStatus = {};
  for (const outcome of outcomes) byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
  console.log(`${ballots} ballots in ${seconds.toFixed(1)} s, ${concurrency} at a time: ${JSON.stringify(byStatus)}`);

  const stored = new Set(
    (await cluster.query('select visitor_id from ballots where race_id = $1 and visitor_id is not null', [CHINA_2025])).map((row) => row.visitor_id),
  );
  const answeredOk = outcomes.filter((outcome) => typeof outcome.status === 'number' && outcome.status >= 200 && outcome.status < 300);
  const lost = answeredOk.filter((outcome) => !outcome.visitorId || !stored.has(outcome.visitorId));
  report(lost.length === 0, `every vote answered 2xx is in the database: ${answeredOk.length} answered 2xx, ${stored.size} stored, ${lost.length} missing`);
  console.log(`     (${stored.size - answeredOk.length} stored without a 2xx reaching the client: in flight on the killed instance)`);

  const afterKill = outcomes.filter((outcome) => outcome.startedAfterKill);
  const afterKillOk = afterKill.filter((outcome) => outcome.status === 201).length;
  const settled = afterKill.slice(concurrency * 2);
  report(
    settled.length > 0 && settled.every((outcome) => outcome.status === 201),
    `the other instance keeps serving: ${afterKillOk} of ${afterKill.length} ballots sent after the kill answered 201 (all of the last ${settled.length})`,
  );
  const dead = await fetch(cluster.url('b', '/api/health')).then(
    () => 'answering',
    () => 'down',
  );
  const ready = await client(nginx).request('/api/ready');
  report(dead === 'down' && ready.status === 200, `instance B is ${dead}; /api/ready through nginx: ${ready.status} ${ready.text}`);
  const results = await client(nginx).request('/api/vote/results');
  const china = results.json?.races?.find((race) => race.race.raceId === CHINA_2025);
  report(china?.totalVotes === stored.size, `the published tally agrees with the database: ${china?.totalVotes} votes`);
});
