import { describe, expect, it } from 'vitest';
import { routeMiddleware, UnknownRouteMiddlewareError } from './route-middleware.server.ts';

describe('named route middleware (§8)', () => {
  it('resolves the names it knows', () => {
    expect(routeMiddleware(['auth'])).toHaveLength(1);
  });

  it("throws 'Unknown route middleware' for any other name", () => {
    expect(() => routeMiddleware(['auth', 'admin'])).toThrow(UnknownRouteMiddlewareError);
    expect(() => routeMiddleware(['admin'])).toThrow('Unknown route middleware: admin');
  });
});
