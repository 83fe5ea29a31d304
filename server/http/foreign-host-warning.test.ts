import { describe, expect, it } from 'vitest';
import { foreignHostWarning } from './foreign-host-warning.ts';

function recorder() {
  const lines: { fields: unknown; message: string }[] = [];
  return { lines, logger: { warn: (fields: unknown, message: string) => lines.push({ fields, message }) } };
}

describe('foreignHostWarning', () => {
  it('warns once, naming the host and PUBLIC_BASE_URL, when the public origin is not set', () => {
    const { lines, logger } = recorder();
    const warn = foreignHostWarning(logger as never, undefined);
    warn('shop.example.com');
    warn('shop.example.com');
    warn('other.example.com');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.fields).toEqual({ host: 'shop.example.com' });
    expect(lines[0]!.message).toMatch(
      /page cache off for requests to shop\.example\.com.*set PUBLIC_BASE_URL/,
    );
  });

  it('stays quiet when PUBLIC_BASE_URL is set: another host is then refused the cache on purpose', () => {
    const { lines, logger } = recorder();
    foreignHostWarning(logger as never, 'https://shop.example.com')('evil.example');
    expect(lines).toEqual([]);
  });
});
