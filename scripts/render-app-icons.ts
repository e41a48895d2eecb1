import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Renders the installable app's PNG icons from public/favicon.svg with the system Chromium (no image
 * library is a dependency). Run once when the logo changes: `node --import tsx scripts/render-app-icons.ts`;
 * the PNGs are committed. The maskable icon fills its square with the brand blue and shrinks the mark
 * into the middle 60 %, inside the circle every platform's mask keeps.
 */
const root = join(import.meta.dirname, '..');
const logo = readFileSync(join(root, 'public/favicon.svg'), 'utf8');
const mark = logo.replace(/<title>.*<\/title>/, '').replace(/<rect [^>]*\/>/, '');
const brandBlue = '#2563eb';

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'apple-touch-icon.png', size: 180, svg: logo.replace(/rx="8"/, 'rx="0"') },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brandBlue}"/><g transform="translate(6.4 6.4) scale(0.6)">${mark.replace(/^<svg[^>]*>|<\/svg>$/g, '')}</g></svg>`,
  },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    await page.screenshot({ path: join(root, 'public/icons', icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
