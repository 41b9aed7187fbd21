import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';

/** The latest-release path of GitHub's API, as F1DB_RELEASES_URL names it. */
const LATEST_RELEASE_PATH = '/repos/f1db/f1db/releases/latest';

export type ReleaseServer = {
  /** F1DB_RELEASES_URL for this server. */
  releasesUrl: string;
  /** Publishes a release: its tag, and the F1DB source tree (the src folder) its archive holds. */
  publish(tag: string, sourceTree: string): Promise<void>;
  /** Answers the release document itself, to play a source that misbehaves. */
  answerDocument(status: number, body: string): void;
  /** How many times the archive was downloaded. */
  downloads(): number;
  close(): Promise<void>;
};

/**
 * A stand-in for GitHub's release API on 127.0.0.1: the latest-release document, whose tarball_url redirects (as
 * GitHub's does, to codeload) to a gzip tar archive laid out as GitHub makes them: one top folder
 * "f1db-f1db-<commit>/" holding the repository, whose src/ is the F1DB source tree.
 */
export async function startReleaseServer(): Promise<ReleaseServer> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'f1db-releases-'));
  let document: { status: number; body: string } = { status: 404, body: '{"message":"Not Found"}' };
  const archives = new Map<string, string>();
  let downloads = 0;

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === LATEST_RELEASE_PATH) {
      response.writeHead(document.status, { 'content-type': 'application/json' }).end(document.body);
      return;
    }
    const tarball = /^\/repos\/f1db\/f1db\/tarball\/(.+)$/.exec(url.pathname);
    if (tarball) {
      response.writeHead(302, { location: `/codeload/${tarball[1]}.tar.gz` }).end();
      return;
    }
    const archive = /^\/codeload\/(.+)\.tar\.gz$/.exec(url.pathname);
    const file = archive && archives.get(archive[1]!);
    if (file) {
      downloads += 1;
      response.writeHead(200, { 'content-type': 'application/x-gzip', 'content-length': fs.statSync(file).size });
      fs.createReadStream(file).pipe(response);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    releasesUrl: `${origin}${LATEST_RELEASE_PATH}`,
    async publish(tag, sourceTree) {
      const top = `f1db-f1db-${tag.replace(/\W/g, '')}`;
      const staging = fs.mkdtempSync(path.join(work, 'repo-'));
      fs.cpSync(sourceTree, path.join(staging, top, 'src'), { recursive: true });
      fs.writeFileSync(path.join(staging, top, 'README.md'), '# F1DB\n');
      const file = path.join(work, `${tag}.tar.gz`);
      await tar.c({ gzip: true, cwd: staging, file }, [top]);
      archives.set(tag, file);
      document = {
        status: 200,
        body: JSON.stringify({ tag_name: tag, name: tag, tarball_url: `${origin}/repos/f1db/f1db/tarball/${tag}`, published_at: '2026-11-24T10:00:00Z' }),
      };
    },
    answerDocument(status, body) {
      document = { status, body };
    },
    downloads: () => downloads,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
