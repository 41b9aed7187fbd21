// Draws the app icons (public/icons/*.png) from the logo below with Debian's Chromium:
//   node apps/web/build/icons.mjs   (CHROME_PATH overrides /usr/bin/chromium)
// The logo is the favicon's: three slanted red bars trailing off, a car's slipstream, on the carbon colour.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const CARBON = '#15151e';
const RED = '#e10600';
const bars = `<g fill="${RED}"><path d="M10 2h18l-4 5H6z"/><path d="M6 9.5h18l-4 5H2z" opacity=".75"/><path d="M2 17h18l-4 5H-2z" opacity=".5"/></g>`;

/** The bars (drawn in a 30×20 box) centred on a 32×32 tile, `scale` of its width. */
function logo({ rounded, scale }) {
  const size = 32 * scale;
  const factor = size / 30;
  const x = (32 - 30 * factor) / 2 + 2 * factor;
  const y = (32 - 20 * factor) / 2 - 2 * factor;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">
  <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${CARBON}"/>
  <g transform="translate(${x.toFixed(3)} ${y.toFixed(3)}) scale(${factor.toFixed(4)})">${bars}</g>
</svg>`;
}

const icons = [
  // "any": the whole tile is the icon, corners rounded like the favicon.
  { file: 'icon-192.png', size: 192, svg: logo({ rounded: true, scale: 0.8 }) },
  { file: 'icon-512.png', size: 512, svg: logo({ rounded: true, scale: 0.8 }) },
  // "maskable": full bleed, the bars inside the central safe circle (80% of the tile) whatever the mask.
  { file: 'maskable-512.png', size: 512, svg: logo({ rounded: false, scale: 0.56 }) },
  { file: 'apple-touch-icon.png', size: 180, svg: logo({ rounded: false, scale: 0.7 }) },
];

fs.mkdirSync(outDir, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-icons-'));
for (const icon of icons) {
  const page = path.join(work, `${icon.file}.html`);
  fs.writeFileSync(page, `<!doctype html><style>html,body{margin:0;width:${icon.size}px;height:${icon.size}px;overflow:hidden}</style>${icon.svg}`);
  execFileSync(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--default-background-color=00000000',
    `--window-size=${icon.size},${icon.size}`, `--screenshot=${path.join(outDir, icon.file)}`, `file://${page}`,
  ], { stdio: 'ignore' });
  console.log(`${icon.file} ${icon.size}×${icon.size}`);
}
fs.rmSync(work, { recursive: true });
