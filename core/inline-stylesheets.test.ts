import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-stylesheets.ts';

const files: Record<string, string> = {
  '/assets/app-1.css': 'body{margin:0}',
  '/assets/catalogue-2.css': '.tile{color:red}',
};
const cssOf = (href: string) => files[href] ?? null;

describe('inlineStylesheets', () => {
  it('puts each built stylesheet inline, in order, followed by its link disabled', () => {
    const head =
      '<head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app-1.css"/>' +
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
      '<link rel="stylesheet" href="/assets/catalogue-2.css"/>';
    expect(inlineStylesheets(head, cssOf)).toBe(
      '<head><meta charSet="utf-8"/><style data-inlined="/assets/app-1.css">body{margin:0}</style>' +
        '<link rel="stylesheet" href="/assets/app-1.css" disabled=""/>' +
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
        '<style data-inlined="/assets/catalogue-2.css">.tile{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/catalogue-2.css" disabled=""/>',
    );
  });

  it('keeps the data-precedence of a stylesheet React hoisted', () => {
    const head = '<link rel="stylesheet" href="/assets/app-1.css" data-precedence="default"/>';
    expect(inlineStylesheets(head, cssOf)).toBe(
      '<style data-inlined="/assets/app-1.css">body{margin:0}</style>' +
        '<link rel="stylesheet" href="/assets/app-1.css" data-precedence="default" disabled=""/>',
    );
  });

  it('leaves a stylesheet it has no text for as a link', () => {
    const head = '<link rel="stylesheet" href="https://cdn.example/x.css"/>';
    expect(inlineStylesheets(head, cssOf)).toBe(head);
  });

  it('leaves a stylesheet whose text would close the <style> early as a link', () => {
    const head = '<link rel="stylesheet" href="/assets/odd.css"/>';
    expect(inlineStylesheets(head, () => 'a::after{content:"</style>"}')).toBe(head);
  });
});
