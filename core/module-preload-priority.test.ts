import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './module-preload-priority.ts';

describe('lowPriorityModulePreloads', () => {
  it('asks every module preload of the head for low priority and leaves other links alone', () => {
    const head =
      '<link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="preload" as="image" fetchPriority="high" href="/a.webp"/>' +
      '<link rel="modulepreload" href="/assets/shell-2.js"/><link rel="stylesheet" href="/assets/app.css"/>';
    expect(lowPriorityModulePreloads(head)).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-1.js"/><link rel="preload" as="image" fetchPriority="high" href="/a.webp"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/shell-2.js"/><link rel="stylesheet" href="/assets/app.css"/>',
    );
  });

  it('does not add a second priority to a link that has one', () => {
    const head = '<link rel="modulepreload" fetchpriority="high" href="/assets/x.js"/>';
    expect(lowPriorityModulePreloads(head)).toBe(head);
  });
});
