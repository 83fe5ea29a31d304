import { describe, expect, it, vi } from 'vitest';
import {
  displayTextHref,
  displayTextOf,
  loadDisplayText,
  preloadDisplayText,
  rememberDisplayText,
} from './display-text.ts';

const answer = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('display text named by the page', () => {
  it('names the dictionary by content locale and version in its URL', () => {
    expect(displayTextHref({ locale: 'en-us', version: 'a_B-9' })).toBe('/display-text/en-us?v=a_B-9');
  });

  it('reads a remembered dictionary by version, and nothing for an unknown one', () => {
    rememberDisplayText('v-remembered', { 'cart.add': 'Lägg i varukorgen' });
    expect(displayTextOf({ locale: 'sv', version: 'v-remembered' })).toEqual({
      'cart.add': 'Lägg i varukorgen',
    });
    expect(displayTextOf({ locale: 'sv', version: 'v-never-seen' })).toBeUndefined();
    expect(displayTextOf(undefined)).toBeUndefined();
  });

  it('keeps a bounded number of dictionaries, the least recently remembered leaving first', () => {
    rememberDisplayText('v-kept', { key: 'kept' });
    for (let index = 0; index < 31; index++) rememberDisplayText(`v-filler-${index}`, { key: String(index) });
    rememberDisplayText('v-kept', { key: 'kept' }); // remembered again: now the newest
    rememberDisplayText('v-one-more', { key: 'more' });
    expect(displayTextOf({ locale: 'en-us', version: 'v-kept' })).toEqual({ key: 'kept' });
    expect(displayTextOf({ locale: 'en-us', version: 'v-filler-0' })).toBeUndefined();
  });

  it('fetches a version once and remembers it', async () => {
    const fetchText = vi.fn((_url: RequestInfo | URL) => answer({ greeting: 'Hej' }));
    const ref = { locale: 'sv', version: 'v-fetched' };
    const first = loadDisplayText(ref, fetchText as typeof fetch);
    const second = loadDisplayText(ref, fetchText as typeof fetch);
    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ greeting: 'Hej' });
    expect(fetchText).toHaveBeenCalledTimes(1);
    expect(fetchText.mock.calls[0]?.[0]).toBe('/display-text/sv?v=v-fetched');
    expect(displayTextOf(ref)).toEqual({ greeting: 'Hej' });
  });

  it('reads a failed or malformed answer as the dictionary shown last, without asking again for that version', async () => {
    rememberDisplayText('v-shown-last', { greeting: 'Hallo' });
    for (const [version, reply] of [
      ['v-500', () => answer({ status: 500 }, 500)],
      ['v-array', () => answer(['not', 'a', 'dictionary'])],
      ['v-offline', () => Promise.reject(new TypeError('Failed to fetch'))],
    ] as const) {
      const fetchText = vi.fn(reply);
      const ref = { locale: 'de', version };
      await expect(loadDisplayText(ref, fetchText as typeof fetch)).resolves.toEqual({ greeting: 'Hallo' });
      await loadDisplayText(ref, fetchText as typeof fetch);
      expect(fetchText).toHaveBeenCalledTimes(1);
      expect(displayTextOf(ref)).toBeUndefined();
    }
  });

  it('before hydration, loads the dictionary the page preloads and says whether it has it', async () => {
    const pageNaming = (version: string) =>
      ({
        querySelector: () => ({ dataset: { displayText: version, displayTextLocale: 'ja' } }),
      }) as unknown as Document;
    const original = globalThis.fetch;
    try {
      globalThis.fetch = vi.fn(() => answer({ 'cart.add': 'カートに追加' })) as typeof fetch;
      await expect(preloadDisplayText(pageNaming('v-preloaded'))).resolves.toBe(true);
      globalThis.fetch = vi.fn(() => answer({}, 503)) as typeof fetch;
      await expect(preloadDisplayText(pageNaming('v-unavailable'))).resolves.toBe(false);
    } finally {
      globalThis.fetch = original;
    }
    expect(displayTextOf({ locale: 'ja', version: 'v-preloaded' })).toEqual({ 'cart.add': 'カートに追加' });
    // A page that names no dictionary (an early error page) hydrates as before.
    await expect(preloadDisplayText({ querySelector: () => null } as unknown as Document)).resolves.toBe(
      true,
    );
  });
});
