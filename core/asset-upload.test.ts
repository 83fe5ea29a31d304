import { describe, expect, it } from 'vitest';
import { looksLikeSvg } from './asset-upload.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('looksLikeSvg', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>'],
    ['\uFEFF  <!-- drawn --> <SVG onload="x()">'],
  ])('knows an SVG by its contents: %s', (text) => {
    expect(looksLikeSvg(bytes(text))).toBe(true);
  });

  it('knows one by its name', () => {
    expect(looksLikeSvg(bytes('anything'), 'logo.SVG')).toBe(true);
    expect(looksLikeSvg(bytes('anything'), 'logo.svgz')).toBe(true);
  });

  it('leaves other files to the media pipeline', () => {
    expect(looksLikeSvg(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'a.png')).toBe(
      false,
    );
    expect(looksLikeSvg(bytes('<html><body><svg></svg></body></html>'))).toBe(false);
    expect(looksLikeSvg(bytes('<svgfoo>'))).toBe(false);
  });
});
