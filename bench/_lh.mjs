import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import fs from 'node:fs';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const p of process.argv.slice(2)) {
  const { lhr } = await lighthouse('http://127.0.0.1:3170' + p, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  fs.writeFileSync('/tmp/exp/lhr' + encodeURIComponent(p) + '.json', JSON.stringify(lhr));
  const a = (id) => Math.round(lhr.audits[id].numericValue);
  console.log(p, Math.round(lhr.categories.performance.score*100), 'FCP', a('first-contentful-paint'), 'LCP', a('largest-contentful-paint'), 'SI', a('speed-index'), 'TBT', a('total-blocking-time'));
  const el = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  console.log('  LCP el:', el?.snippet, el?.selector);
  const phases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items;
  console.log('  phases:', JSON.stringify(phases));
}
await chrome.kill();
