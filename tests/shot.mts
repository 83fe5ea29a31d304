import { launchBrowser } from '/work/main/tests/support/browser.ts';
const browser = await launchBrowser();
const pages = process.argv.slice(2);
for (const width of [390, 1440]) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width, height: 900 } });
  const page = await context.newPage();
  for (const path of pages) {
    const response = await page.goto(`http://127.0.0.1:3997${path}`);
    await page.waitForLoadState('networkidle');
    const name = path.replace(/[^a-z0-9]+/gi, '_');
    await page.screenshot({ path: `/tmp/look${name}-${width}.png`, fullPage: width === 1440 });
    console.log(width, path, response?.status());
  }
  await context.close();
}
await browser.close();
