// A worker thread of bench/live-fanout.mjs: `count` pages listening on the live event stream at `url`.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** Now as epoch milliseconds with sub-millisecond precision, comparable across threads. */
const now = () => performance.timeOrigin + performance.now();

/** One page's event stream: calls onUpdate(seq, at) for every live-timing event. */
function openStream(url, onUpdate) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffered = '';
      response.on('data', (chunk) => {
        const at = now();
        buffered += chunk;
        const events = buffered.split('\n\n');
        buffered = events.pop();
        for (const event of events) {
          const seq = /^event: live-timing\ndata: \{"kind":"\w+","seq":(\d+)/m.exec(event)?.[1];
          if (seq) onUpdate(Number(seq), at);
        }
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

/**
 * A thread of clients: opens `count` streams, says "open", and on "report" answers per update when its first and last
 * client got it and how many did. Several threads, so the clients' own work is not one thread's queue.
 */
async function clientThread({ url, count }) {
  const updates = new Map();
  const onUpdate = (seq, at) => {
    const update = updates.get(seq) ?? { first: at, last: at, count: 0 };
    update.last = at;
    update.count += 1;
    updates.set(seq, update);
  };
  const streams = [];
  for (let index = 0; index < count; index += 1) streams.push(await openStream(url, onUpdate));
  parentPort.postMessage({ open: true });
  parentPort.on('message', () => {
    parentPort.postMessage({ updates: [...updates] });
    for (const stream of streams) stream.destroy();
  });
}

await clientThread(workerData);
