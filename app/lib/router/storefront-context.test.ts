import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Services } from '#server/services.ts';
import type { SessionView } from '#server/sessions/sessions.ts';
import { servicesContext } from './load-context.ts';
import { storefrontContext } from './storefront-context.server.ts';

/** Services whose session lookup answers from `rows` (what the sessions table holds now) and counts its calls. */
function servicesReading(rows: { cartId: string | null }) {
  const calls: string[] = [];
  const services = {
    sessions: {
      async fromRequest(request: Request): Promise<SessionView> {
        calls.push(request.method);
        return { sessionId: 'abc', customer: null, csrfToken: 'token', cartId: rows.cartId };
      },
      isHttps: () => false,
    },
  } as unknown as Services;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return { context, calls };
}

// React Router gives each loader and action its own copy of the request (it rebuilds it to strip `?index`).
const copyOf = (request: Request) =>
  new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal });

describe('storefrontContext', () => {
  it("reads the session once for all of a page's loaders, each holding its own copy of the request", async () => {
    const { context, calls } = servicesReading({ cartId: null });
    const request = new Request('http://store.test/en-us/p/crow', { headers: { cookie: 'rl_session=x' } });
    const [root, page, layout] = await Promise.all([
      storefrontContext(copyOf(request), context),
      storefrontContext(copyOf(request), context),
      storefrontContext(copyOf(request), context),
    ]);
    expect(calls).toEqual(['GET']);
    expect(page).toBe(root);
    expect(layout).toBe(root);
    expect(root.locale.segment).toBe('en-us');
  });

  it('reads it again for the loaders after a form post, which see what the action changed', async () => {
    const rows = { cartId: null as string | null };
    const { context, calls } = servicesReading(rows);
    const post = new Request('http://store.test/en-us/cart', {
      method: 'POST',
      headers: { cookie: 'rl_session=x' },
    });
    const beforeAction = await storefrontContext(copyOf(post), context);
    rows.cartId = 'cart-1'; // the action created a cart on the session row
    const afterAction = await storefrontContext(copyOf(post), context);
    expect(beforeAction.session?.cartId).toBeNull();
    expect(afterAction.session?.cartId).toBe('cart-1');
    expect(calls).toEqual(['POST', 'POST']);
  });

  it('never shares a session between two requests', async () => {
    const first = servicesReading({ cartId: 'a' });
    const second = servicesReading({ cartId: 'b' });
    const request = new Request('http://store.test/en-us/cart');
    expect((await storefrontContext(request, first.context)).session?.cartId).toBe('a');
    expect((await storefrontContext(request, second.context)).session?.cartId).toBe('b');
  });
});
