import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the structure editors write', () => {
    const html =
      '<h2>Fit</h2><p>Use <strong>wide</strong> frames. <a href="https://x.example/a">More</a></p><ul><li>One</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    [
      '<img src="https://x.example/a.png" onerror="alert(1)">',
      '<img src="https://x.example/a.png" loading="lazy" />',
    ],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<p onclick="alert(1)" style="color:red">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
  ])('neutralises %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('makes new-tab links unable to reach back', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('answers empty text for nothing', () => {
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText('  ')).toBe('');
  });
});
