import { chromium } from '@playwright/test';
const [url, out, ...widths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of widths.length ? widths : ['390', '1440']) {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
  await page.goto(url!, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${out}-${width}.png`, fullPage: false });
  await page.close();
}
await browser.close();
