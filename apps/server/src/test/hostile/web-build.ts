import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A built web app of two files, so the SPA fallback and the static assets answer as in production. */
export function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Slipstream</title><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("slipstream");');
  return dir;
}
