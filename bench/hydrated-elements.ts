/**
 * How much of a page React hydrates (issue 43, decision 0056): loads each page in Debian's Chromium, waits until
 * the browser is idle after hydration, and counts the body's elements that React claimed (they carry its fiber)
 * against those it left as the server drew them (inside static markup, or HTML React only inserted). A count of
 * elements, not a time: the same on any host, so a before and after of one change compare exactly.
 *
 *   npx tsx bench/hydrated-elements.ts <origin> [path …]     against a running server (`npm start`)
 *
 * Paths default to the home, a category and a product page of the demo store. Not part of `npm run bench`.
 */
import { chromium } from '@playwright/test';

const origin = process.argv[2];
if (!origin) throw new Error('usage: npx tsx bench/hydrated-elements.ts <origin> [path …]');
const paths =
  process.argv.length > 3
    ? process.argv.slice(3)
    : ['/en-us', '/en-us/c/snowshoes', '/en-us/p/ridgeline-summit-trail-mens'];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  process.stdout.write(
    '| Page | Elements in the body | Hydrated by React | Kept as the server drew them |\n|---|---|---|---|\n',
  );
  for (const path of paths) {
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    // Hydration runs in slices (decision 0026): wait until the footer, the last slice, is React's.
    await page.waitForFunction(() => {
      const footer = document.querySelector('footer');
      return footer !== null && Object.keys(footer).some((key) => key.startsWith('__reactFiber$'));
    });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const counts = await page.evaluate(() => {
      const all = [...document.body.querySelectorAll('*')];
      const hydrated = all.filter((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));
      return { all: all.length, hydrated: hydrated.length };
    });
    process.stdout.write(
      `| ${path} | ${counts.all} | ${counts.hydrated} | ${counts.all - counts.hydrated} |\n`,
    );
  }
} finally {
  await browser.close();
}
