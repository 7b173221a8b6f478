// Renders the app's PNG icons (web app manifest, issue 40) from the SVG favicon with Debian's
// Chromium through Playwright: the repository has no image library, and a browser draws the SVG
// exactly as the tab icon shows it. Run once after the favicon changes, then commit the PNGs:
//   node scripts/render-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = path.join(root, 'apps/web/public');
const svg = readFileSync(path.join(publicDir, 'brand/favicon.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const BRAND_GREEN = '#1f6f5c';

/**
 * A maskable icon is cropped by the phone to a circle or squircle, keeping only the centre 80%;
 * so it is the brand green edge to edge with the favicon drawn inside that safe zone.
 */
function page(size, isMaskable) {
  const inner = isMaskable ? Math.round(size * 0.72) : size;
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${isMaskable ? BRAND_GREEN : 'transparent'}">
<img src="${dataUrl}" width="${inner}" height="${inner}" alt=""></body></html>`;
}

const icons = [
  { file: 'icons/icon-192.png', size: 192, isMaskable: false },
  { file: 'icons/icon-512.png', size: 512, isMaskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, isMaskable: true },
  { file: 'icons/apple-touch-icon-180.png', size: 180, isMaskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const icon of icons) {
    const context = await browser.newContext({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const tab = await context.newPage();
    await tab.setContent(page(icon.size, icon.isMaskable));
    await tab.locator('img').evaluate((img) => img.decode());
    const png = await tab.screenshot({
      omitBackground: !icon.isMaskable,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    writeFileSync(path.join(publicDir, icon.file), png);
    console.log(`wrote ${icon.file} (${png.length} bytes)`);
    await context.close();
  }
} finally {
  await browser.close();
}
