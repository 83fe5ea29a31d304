import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { normaliseParams, parseColour, parseImageParams } from './params.ts';

const parse = (query: string, max = 4000) => parseImageParams(new URLSearchParams(query), max);
const fails = (query: string) => {
  try {
    parse(query);
  } catch (error) {
    expect(error).toBeInstanceOf(MediaError);
    return (error as MediaError).status;
  }
  return 'accepted';
};

describe('image parameters', () => {
  it('reads what core/media-url.ts writes for a tile image at 2x', () => {
    expect(
      parse('w=210&sm=aspect&aspect=210:280&scaleFit=poi&fmt=auto&qlt=90&bg=rgb(255,255,255)&dpi=144'),
    ).toEqual({
      w: 210,
      fmt: 'auto',
      interlaced: false,
      bg: '#ffffff',
      qlt: 90,
      dpi: 144,
      aspect: { w: 3, h: 4 },
      poi: true,
      metadata: false,
    });
  });

  it('defaults quality to 75 and reads the placeholder, jpg, interlace and protocol parameters', () => {
    const p = parse('w=15&maxW=15&maxH=15&fmt=jpg&fmt.interlaced=true&protocol=https');
    expect(p).toMatchObject({ w: 15, maxW: 15, maxH: 15, fmt: 'jpeg', interlaced: true, qlt: 75 });
  });

  it.each([
    'w=-1',
    'w=0',
    'w=99999',
    'w=4001',
    'w=1.5',
    'w=',
    'w=abc',
    'maxW=0',
    'maxH=5000',
    'qlt=0',
    'qlt=101',
    'dpi=100',
    'dpi=abc',
    'fmt=bmp',
    'fmt=svg',
    'fmt.interlaced=maybe',
    'bg=red',
    'bg=rgb(300,0,0)',
    'bg=#12345',
    'sm=crop&aspect=1:1',
    'sm=aspect',
    'aspect=4:3',
    'sm=aspect&aspect=4x3',
    'sm=aspect&aspect=0:3',
    'sm=aspect&aspect=100:1',
    'scaleFit=center',
    'protocol=ftp',
    'w=10&w=20',
  ])('refuses %s with a 400', (query) => {
    expect(fails(query)).toBe(400);
  });

  it('takes the size cap from the configuration', () => {
    expect(fails('w=2000')).toBe('accepted');
    expect(() => parse('w=2000', 1000)).toThrow(/1 to 1000/);
  });

  it('ignores unknown parameters', () => {
    expect(parse('w=10&utm_source=x&v=3')).toMatchObject({ w: 10 });
  });

  it('names the bad parameter in the error', () => {
    expect(() => parse('qlt=500')).toThrow(/qlt="500"/);
  });
});

describe('colours', () => {
  it.each([
    ['fff', '#ffffff'],
    ['#FFF', '#ffffff'],
    ['1a2B3c', '#1a2b3c'],
    ['rgb(255,255,255)', '#ffffff'],
    ['rgb( 1, 2, 3 )', '#010203'],
  ])('%s is %s', (input, output) => {
    expect(parseColour(input)).toBe(output);
  });
  it.each(['red', 'rgb(256,0,0)', '#ggg', 'javascript:1'])('%s is no colour', (input) => {
    expect(parseColour(input)).toBeNull();
  });
});

describe('normalised parameters', () => {
  it('treat equal crops and colour spellings as one', () => {
    const a = parse('w=210&sm=aspect&aspect=210:280&bg=fff');
    const b = parse('bg=rgb(255,255,255)&aspect=3:4&sm=aspect&w=210&protocol=https');
    expect(normaliseParams(a, 'webp')).toBe(normaliseParams(b, 'webp'));
  });
  it('differ when the pixels would', () => {
    const a = parse('w=210');
    expect(normaliseParams(a, 'webp')).not.toBe(normaliseParams(parse('w=211'), 'webp'));
    expect(normaliseParams(a, 'webp')).not.toBe(normaliseParams(a, 'avif'));
    expect(normaliseParams(a, 'webp')).not.toBe(normaliseParams(parse('w=210&qlt=90'), 'webp'));
  });
});
