import { startArchiveStandIn } from '../../apps/server/src/test/livetimingArchive';
import { feedsStandIn } from '../fixtures/feeds/standIn';
import { listen, startEdgeStandIns } from './edge';
import { edgePorts } from './edge-contract';

/*
 * Every stand-in at the network edge of an end-to-end run, in one process that Playwright starts before the site
 * (playwright.config.ts): the news sites (fixtures/feeds), F1's live-timing archive (the recorded sessions of
 * ../shared/data/livetiming), mail and sign-in (support/edge.ts). Everything else in the run is the real site.
 * Alone, for a local server: `E2E_PORT=3100 SITE_ORIGIN=http://localhost:3000 npx tsx e2e/support/stand-ins.ts`.
 */
const ports = edgePorts(Number(process.env.E2E_PORT ?? 3100));
await Promise.all([
  listen(feedsStandIn(process.env.SITE_ORIGIN ?? ''), ports.feeds),
  startArchiveStandIn({ port: ports.archive, control: true }),
]);
await startEdgeStandIns(ports);
console.log(`stand-ins: ${JSON.stringify(ports)}`);
