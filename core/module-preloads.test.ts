import { describe, expect, it } from 'vitest';
import { withoutModulePreloads } from './module-preloads.ts';

describe('withoutModulePreloads', () => {
  it('takes every module preload out of the head and leaves other links alone', () => {
    const head =
      '<meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="preload" as="image" fetchPriority="high" href="/a.webp"/>' +
      '<link rel="modulepreload" fetchpriority="low" href="/assets/shell-2.js"/><link rel="stylesheet" href="/assets/app.css"/>';
    expect(withoutModulePreloads(head)).toBe(
      '<meta charSet="utf-8"/><link rel="preload" as="image" fetchPriority="high" href="/a.webp"/>' +
        '<link rel="stylesheet" href="/assets/app.css"/>',
    );
  });

  it('leaves a head without module preloads as it is', () => {
    const head =
      '<title>Ridgeline</title><link rel="icon" href="/favicon.svg"/><link rel="preload" as="fetch" href="/display-text/en-us"/>';
    expect(withoutModulePreloads(head)).toBe(head);
  });
});
