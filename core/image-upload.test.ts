import { describe, expect, it } from 'vitest';
import { dimensionsRefusal, fileRefusal, moveImage, sniffImageType } from './image-upload.ts';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

const PNG = bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0]);
const WEBP = bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ');
const AVIF = bytes([0, 0, 0, 28], 'ftypavif', [0, 0, 0, 0]);

describe('sniffing an upload’s type from its bytes', () => {
  it('knows JPEG, PNG, WebP and AVIF by their first bytes', () => {
    expect(sniffImageType(JPEG)).toBe('jpeg');
    expect(sniffImageType(PNG)).toBe('png');
    expect(sniffImageType(WEBP)).toBe('webp');
    expect(sniffImageType(AVIF)).toBe('avif');
    expect(sniffImageType(bytes([0, 0, 0, 28], 'ftypavis'))).toBe('avif');
  });

  it('refuses executables, scripts, SVG, GIF, HEIC and truncated headers', () => {
    expect(sniffImageType(bytes([0x7f], 'ELF', [2, 1, 1, 0]))).toBeNull();
    expect(sniffImageType(bytes('#!/bin/sh\necho hi\n'))).toBeNull();
    expect(sniffImageType(bytes('MZ', [0x90, 0]))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(bytes('GIF89a'))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 24], 'ftypheic'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('refusing a file before it is decoded', () => {
  const limits = { maxBytes: 100, maxPixels: 1000 };

  it('refuses an empty file, one above the size limit and one of another type, each saying why', () => {
    expect(fileRefusal(new Uint8Array(), limits)).toMatch(/empty/);
    expect(fileRefusal(new Uint8Array(101).fill(0xff), limits)).toMatch(
      /^The file is 1 KB; images up to 1 KB are accepted\.$/,
    );
    expect(fileRefusal(new Uint8Array(21 * 1024 * 1024))).toMatch(/21 MB; images up to 20 MB/);
    expect(fileRefusal(bytes([0x7f], 'ELF'), limits)).toMatch(/not a JPEG, PNG, WebP or AVIF/);
  });

  it('accepts an image type within the size limit', () => {
    expect(fileRefusal(PNG, limits)).toBeNull();
    expect(fileRefusal(JPEG)).toBeNull();
  });
});

describe('refusing an image by its size in pixels', () => {
  it('refuses a header with no size and one above the pixel limit', () => {
    expect(dimensionsRefusal(undefined, 10)).toMatch(/no width or height/);
    expect(dimensionsRefusal(10, 0)).toMatch(/no width or height/);
    expect(dimensionsRefusal(20_000, 20_000)).toBe(
      'The image is 20000×20000 (400 megapixels); images up to 40 megapixels are accepted.',
    );
    expect(dimensionsRefusal(40, 26, { maxBytes: 1, maxPixels: 1000 })).toMatch(/^The image is 40×26/);
  });

  it('accepts an image at the limit', () => {
    expect(dimensionsRefusal(8000, 5000)).toBeNull();
    expect(dimensionsRefusal(1, 1)).toBeNull();
  });
});

describe('moving a product’s image', () => {
  it('swaps it with its neighbour', () => {
    expect(moveImage(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(moveImage(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b']);
  });

  it('cannot move the first up, the last down or an image that is not there', () => {
    expect(moveImage(['a', 'b'], 'a', 'up')).toBeNull();
    expect(moveImage(['a', 'b'], 'b', 'down')).toBeNull();
    expect(moveImage(['a', 'b'], 'z', 'up')).toBeNull();
  });
});
