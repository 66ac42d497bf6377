/**
 * Draws the brand images in this folder with the test Chromium (a developer tool, not part of a
 * render): `npx tsx render-workers/brand/draw-images.ts`. They are committed, so a render never
 * needs a browser; redraw them when the wordmark changes. The wordmark is the header's text logo
 * (render-workers/shell/header.tsx) in white on the brand navy.
 */
import { writeFile } from 'node:fs/promises';
import { launchBrowser } from '../../tests/support/browser.js';
import { BRAND_IMAGES, brandImageFile } from './images.js';

const NAVY = '#003366';

function html(width: number, height: number, fontPx: number, subtitle: string): string {
  return `<!doctype html><html><body style="margin:0">
<div style="width:${width}px;height:${height}px;background:${NAVY};color:#fff;display:flex;flex-direction:column;align-items:center;justify-content:center;font-family:'DejaVu Sans',Arial,sans-serif">
<div style="font-weight:800;font-size:${fontPx}px;letter-spacing:-1px;line-height:1;white-space:nowrap">FOX NEWS</div>
${subtitle === '' ? '' : `<div style="font-size:${Math.round(fontPx / 3)}px;margin-top:${Math.round(fontPx / 4)}px;opacity:.85">${subtitle}</div>`}
</div></body></html>`;
}

const browser = await launchBrowser();
try {
  for (const image of Object.values(BRAND_IMAGES)) {
    const page = await browser.newPage({ viewport: { width: image.width, height: image.height } });
    const fontPx = Math.round(Math.min(image.height * 0.55, image.width / 8));
    await page.setContent(html(image.width, image.height, fontPx, image.width / image.height > 1.5 && image.height > 200 ? 'Breaking news, latest news and video' : ''));
    await writeFile(brandImageFile(image), await page.screenshot({ type: 'png' }));
    await page.close();
  }
} finally {
  await browser.close();
}
