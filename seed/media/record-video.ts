/**
 * Records the demo video (optional; needs Chromium): `tsx seed/media/record-video.ts`.
 * Plays a four-second 1280x720 animation of the race-start artwork (a slow push-in with falling snow) on a
 * canvas in headless Chromium and records it with MediaRecorder as H.264 MP4, written to
 * seed/media/originals/video-race-start.mp4, which the media service serves as /v/ridgeline/video-race-start/
 * mp4_720p. Without the file the video is poster-only and the service answers that profile with a 404.
 * No ffmpeg: the browser's own encoder does the work. Set CHROMIUM_PATH to use another browser binary.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_VIDEO_ID } from '../../server/media/asset-ids.ts';

const ORIGINALS = resolve(import.meta.dirname, 'originals');
const POSTER = resolve(ORIGINALS, 'lifestyle-race-start.svg');
const OUT = resolve(ORIGINALS, `${DEMO_VIDEO_ID}.mp4`);

const RECORD_IN_PAGE = `async function record(svgText) {
      const width = 1280;
      const height = 720;
      const seconds = 4;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      document.body.append(canvas);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      const art = new Image();
      art.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(svgText)));
      await art.decode();
      // Deterministic snow.
      let seed = 7;
      const rnd = () => {
        seed = (seed * 16807) % 2147483647;
        return seed / 2147483647;
      };
      const flakes = Array.from({ length: 140 }, () => ({ x: rnd() * width, y: rnd() * height, r: 1 + rnd() * 3, v: 20 + rnd() * 50 }));
      const draw = (t) => {
        const p = Math.min(1, t / seconds);
        const ease = p * p * (3 - 2 * p);
        // Source window: a 16:9 slice of the 2400x1000 art, pushing in 1.2x on the start arch.
        const srcW = 1776 / (1 + 0.2 * ease);
        const srcH = (srcW * height) / width;
        const srcX = 1200 - srcW / 2 - 60 * (1 - ease);
        const srcY = (1000 - srcH) * 0.7;
        ctx.drawImage(art, srcX, srcY, srcW, srcH, 0, 0, width, height);
        ctx.fillStyle = 'rgba(255,255,255,0.85)';
        for (const f of flakes) {
          const y = (f.y + f.v * t) % height;
          const x = (f.x + Math.sin(t * 1.5 + f.y) * 12) % width;
          ctx.beginPath();
          ctx.arc(x, y, f.r, 0, Math.PI * 2);
          ctx.fill();
        }
      };
      draw(0);
      const stream = canvas.captureStream(30);
      const recorder = new MediaRecorder(stream, {
        mimeType: 'video/mp4;codecs=avc1.42E01F',
        videoBitsPerSecond: 1_800_000,
      });
      const chunks = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      const stopped = new Promise((resolveStop) => {
        recorder.onstop = () => resolveStop();
      });
      recorder.start(500);
      const started = performance.now();
      await new Promise((resolveRun) => {
        const frame = function () {
          const t = (performance.now() - started) / 1000;
          draw(t);
          if (t < seconds) requestAnimationFrame(frame);
          else resolveRun();
        };
        requestAnimationFrame(frame);
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/mp4' }).arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
}`;

async function main(): Promise<void> {
  const svg = readFileSync(POSTER, 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const page = await browser.newPage();
    // Plain browser JavaScript, passed as text (the TypeScript loader's helpers do not exist in the page).
    const base64 = (await page.evaluate(`(${RECORD_IN_PAGE})(${JSON.stringify(svg)})`)) as string;
    const mp4 = Buffer.from(base64, 'base64');
    if (mp4.subarray(4, 8).toString('ascii') !== 'ftyp') throw new Error('the recording is not an MP4 file');
    writeFileSync(OUT, mp4);
    process.stdout.write(`wrote ${OUT} (${mp4.length} bytes)\n`);
  } finally {
    await browser.close();
  }
}

await main();
