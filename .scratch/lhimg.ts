import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const base = process.argv[2]!;
const paths = process.argv.slice(3);
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] });
for (const path of paths) {
  const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result!.lhr as any;
  for (const id of ['uses-responsive-images', 'image-delivery-insight']) {
    const audit = lhr.audits[id];
    console.log(path, id, audit?.score, audit?.displayValue ?? '');
    for (const item of audit?.details?.items ?? []) console.log("  ", item.url?.slice(0, 130), item.totalBytes, item.wastedBytes, item.node?.boundingRect ? JSON.stringify([item.node.boundingRect.width, item.node.boundingRect.left, item.node.boundingRect.top]) : "");
  }
}
await chrome.kill();
