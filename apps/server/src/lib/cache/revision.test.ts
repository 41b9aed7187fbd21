import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitSignal } from '../../db/commits';
import { inProcessEventBus } from '../events';
import { RedisLink } from '../redis';
import { TestRedisServer, hasRedisServer, withoutRedisSaid } from '../../test/redis-server';
import { dataRevision } from './revision';

const RESULTS = { type: 'results-updated', data: { source: 'test', at: '2025-03-25T12:00:00.000Z', version: null } } as const;

describe('the data revision of one instance', () => {
  it('moves when a write commits and on every event of the bus, and tells its listeners', async () => {
    const commits = commitSignal();
    const events = inProcessEventBus();
    const revision = dataRevision({ commits, events });
    const moves = vi.fn();
    revision.onMove(moves);
    const seen = [revision.current];
    commits.announce();
    seen.push(revision.current);
    await events.publish(RESULTS);
    seen.push(revision.current);
    expect(new Set(seen).size).toBe(3);
    expect(moves).toHaveBeenCalledTimes(2);
    revision.close();
    commits.announce();
    expect(revision.current).toBe(seen[2]);
  });
});

describe.skipIf(!hasRedisServer)(withoutRedisSaid('the data revision of instances sharing Redis'), () => {
  let redis: TestRedisServer;
  const links: RedisLink[] = [];
  const quietLog = { warn: () => undefined, info: () => undefined };

  beforeAll(async () => {
    redis = await TestRedisServer.start();
  });
  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
    await redis?.kill();
  });

  const instance = async () => {
    const link = new RedisLink(redis.url);
    link.useLogger(quietLog);
    links.push(link);
    await link.ready();
    const commits = commitSignal();
    return { commits, revision: dataRevision({ commits, events: inProcessEventBus(), redis: link }) };
  };

  it("moves every instance to the same token after a write on one, and the writer's own at once", async () => {
    const a = await instance();
    const b = await instance();
    await vi.waitFor(() => expect(a.revision.current).toBe(b.revision.current));
    const before = b.revision.current;
    a.commits.announce();
    const ownToken = a.revision.current;
    expect(ownToken).not.toBe(before);
    await vi.waitFor(() => {
      expect(b.revision.current).not.toBe(before);
      expect(a.revision.current).toBe(b.revision.current);
    });
    expect(a.revision.current).not.toBe(ownToken);
    const c = await instance();
    await vi.waitFor(() => expect(c.revision.current).toBe(a.revision.current));
    for (const one of [a, b, c]) one.revision.close();
  });
});
