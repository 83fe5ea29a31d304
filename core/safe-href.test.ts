import { describe, expect, it } from 'vitest';
import { assertNavigable, isExternalHref, isScriptHref, NavigationError } from './safe-href.ts';

describe('§8 javascript-like protocols are rejected', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\u0000script:void(0)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
  ])('%j is a script URL', (href) => {
    expect(isScriptHref(href)).toBe(true);
    expect(() => assertNavigable(href, { external: true })).toThrow(NavigationError);
  });

  it('names the protocol in the error', () => {
    expect(() => assertNavigable('JAVASCRIPT:x')).toThrow(
      "Cannot navigate to a URL with 'javascript:' protocol.",
    );
  });

  it('lets ordinary links through', () => {
    expect(isScriptHref('/en-us/p/javascript-guide')).toBe(false);
    expect(assertNavigable('/en-us/cart')).toBe('/en-us/cart');
    expect(assertNavigable('https://example.com', { external: true })).toBe('https://example.com');
  });
});

describe('§8 external navigation needs permission', () => {
  it('throws for an absolute or protocol-relative URL without permission', () => {
    expect(() => assertNavigable('https://example.com')).toThrow(
      'Navigating to an external URL is not allowed',
    );
    expect(() => assertNavigable('//evil.example')).toThrow(NavigationError);
  });

  it('recognises what leaves the site', () => {
    expect(isExternalHref('mailto:help@ridgeline.example')).toBe(true);
    expect(isExternalHref('/support')).toBe(false);
    expect(isExternalHref('support?x=https://a')).toBe(false);
  });
});
