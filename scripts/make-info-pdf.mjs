// Renders docs/info/tietoa-sivustosta.html into apps/web/public/tietoa-sivustosta.pdf, the PDF
// the info dialog ('Tietoa sivustosta') shows. Run after editing the HTML; the PDF is committed.
//   node scripts/make-info-pdf.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureChromium } from './test-tools.mjs';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'docs/info/tietoa-sivustosta.html');
const target = path.join(root, 'apps/web/public/tietoa-sivustosta.pdf');

const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
const page = await browser.newPage();
await page.goto(pathToFileURL(source).href);
await page.pdf({
  path: target,
  format: 'A4',
  printBackground: true,
  preferCSSPageSize: true,
  tagged: true,
});
await browser.close();
console.log(`wrote ${path.relative(root, target)}`);
