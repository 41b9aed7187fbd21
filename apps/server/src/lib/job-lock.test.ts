import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisJobLock } from './job-lock';
import { quietRedisLink } from '../test/redis-server';
import { RedisLink } from './redis';

/** The Redis every machine of this project runs (REDIS_URL overrides it). */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A promise with its resolve, to hold a job's check open while another instance tries. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job lock in the shared Redis', () => {
  const links: RedisLink[] = [];
  let instanceA: RedisLink;
  let instanceB: RedisLink;
  // Each test's jobs have names of their own, so runs and tests never share a lock.
  const job = () => `test-${randomUUID()}`;

  beforeAll(async () => {
    instanceA = await quietRedisLink(REDIS_URL);
    instanceB = await quietRedisLink(REDIS_URL);
    links.push(instanceA, instanceB);
  });
  afterAll(async () => {
    await Promise.all(links.map((created) => created.close()));
  });

  it('runs a job on one instance at a time; the other leaves it, and runs it again once it is free', async () => {
    const name = job();
    const held = gate();
    const onA = redisJobLock(instanceA).runAlone(name, async () => {
      await held.opened;
      return 'checked on A';
    });
    await sleep(50);
    let ranOnB = false;
    expect(await redisJobLock(instanceB).runAlone(name, async () => (ranOnB = true))).toEqual({ ran: false });
    expect(ranOnB).toBe(false);
    // Another job is not held up.
    expect(await redisJobLock(instanceB).runAlone(job(), async () => 'other job')).toEqual({ ran: true, value: 'other job' });

    held.open();
    expect(await onA).toEqual({ ran: true, value: 'checked on A' });
    expect(await redisJobLock(instanceB).runAlone(name, async () => 'checked on B')).toEqual({ ran: true, value: 'checked on B' });
  });

  it('frees the job when its check fails', async () => {
    const name = job();
    await expect(redisJobLock(instanceA).runAlone(name, () => Promise.reject(new Error('archive down')))).rejects.toThrow('archive down');
    expect(await redisJobLock(instanceB).runAlone(name, async () => 'next')).toEqual({ ran: true, value: 'next' });
  });

  it('keeps the lock through a check longer than its lease, renewing it', async () => {
    const name = job();
    const held = gate();
    const onA = redisJobLock(instanceA, { leaseMs: 300 }).runAlone(name, () => held.opened);
    await sleep(900);
    expect(await redisJobLock(instanceB, { leaseMs: 300 }).runAlone(name, async () => 'taken')).toEqual({ ran: false });
    held.open();
    expect((await onA).ran).toBe(true);
  });

  it('frees the job of an instance that died mid-check once its lease runs out', async () => {
    const name = job();
    // What a killed instance leaves: the key with its lease, never deleted.
    await instanceA.client.set(`slipstream:job-lock:${name}`, 'instance-that-died', 'PX', 300);
    expect(await redisJobLock(instanceB).runAlone(name, async () => 'too soon')).toEqual({ ran: false });
    await sleep(400);
    expect(await redisJobLock(instanceB).runAlone(name, async () => 'taken over')).toEqual({ ran: true, value: 'taken over' });
  });

  it('never frees a lock another instance took after its own lease ran out', async () => {
    const name = job();
    const key = `slipstream:job-lock:${name}`;
    const held = gate();
    const onA = redisJobLock(instanceA, { leaseMs: 60_000 }).runAlone(name, () => held.opened);
    await sleep(50);
    // A's lease lost (a long pause), and B holding the job since.
    await instanceA.client.set(key, 'instance-b');
    held.open();
    await onA;
    expect(await instanceB.client.get(key)).toBe('instance-b');
    await instanceB.client.del(key);
  });

  it('runs the job on every instance while Redis cannot be reached, as without Redis', async () => {
    const unreachable = new RedisLink('redis://127.0.0.1:9');
    unreachable.useLogger({ warn: () => undefined, info: () => undefined });
    links.push(unreachable);
    expect(await redisJobLock(unreachable).runAlone(job(), async () => 'ran alone')).toEqual({ ran: true, value: 'ran alone' });
  });
});
