import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
for (const path of ['/en-us/about', '/en-us/l/backcountry', '/en-us/blog', '/en-us/blog/p/caring-for-your-snowshoes', '/en-us/support', '/en-us/team', '/en-us/styletile', '/en-us/psia', '/en-us/test-store', '/en-us/stores', '/en-us/search?q=women', '/en-us/country']) {
  await page.goto('http://127.0.0.1:3937' + path, { waitUntil: 'networkidle' });
  const info = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = (el as HTMLElement).getBoundingClientRect();
      if (r.right > 392 && r.width > 0) out.push(`${el.tagName}.${(el as HTMLElement).className?.toString().slice(0, 40)} ${Math.round(r.right)}`);
    }
    return { sw: document.documentElement.scrollWidth, out: out.slice(0, 6) };
  });
  console.log(path, info.sw, info.out.join(' | '));
}
await browser.close();
