import { chromium } from '@playwright/test';
const base = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext();
await context.addCookies(['country=us', 'language=en', 'countryLanguage=en-us'].map((c) => ({ name: c.split('=')[0]!, value: c.split('=')[1]!, url: base })));
const page = await context.newPage();
page.on('requestfinished', async (request) => {
  if (!request.url().endsWith('/en-us/c/snowshoes')) return;
  const response = await request.response();
  const headers = await request.allHeaders();
  const rh = await response!.allHeaders();
  console.log((await request.sizes()).responseBodySize, response!.status(), 'inm:', headers['if-none-match'], 'etag:', rh.etag, 'cc:', rh['cache-control'], 'xpc:', rh['x-page-cache'], 'setcookie:', rh['set-cookie']?.slice(0, 60));
});
for (const path of ['/en-us/c/snowshoes', '/en-us/stores', '/en-us/c/snowshoes', '/en-us/stores', '/en-us/c/snowshoes']) {
  await page.goto(base + path);
}
await browser.close();
