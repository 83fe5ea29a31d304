/** A demo shopper of the README (`Demo customers`), signed in as a browser without JavaScript would. */
export const DEMO_SHOPPER = { email: 'hannah.miller@example.com', password: 'Snowshoe-Demo-2026' } as const;

/**
 * Signs a customer in through the storefront's sign-in form (/en-us/account/login) and returns the Cookie header
 * of that session; throws unless the account page then greets that customer.
 */
export async function shopperCookie(
  baseUrl: string,
  shopper: { email: string; password: string } = DEMO_SHOPPER,
): Promise<string> {
  const base = 'country=us; language=en';
  const signedIn = await fetch(`${baseUrl}/en-us/account/login`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: shopper.email, password: shopper.password }).toString(),
    redirect: 'manual',
  });
  if (signedIn.status !== 303) throw new Error(`shopper sign-in answered ${signedIn.status}`);
  const session = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.startsWith('rl_session='));
  if (session.length !== 1) throw new Error('shopper sign-in set no session cookie');
  const cookie = `${base}; ${session[0]}`;
  const account = await fetch(`${baseUrl}/en-us/account`, { headers: { cookie }, redirect: 'manual' });
  if (account.status !== 200 || !(await account.text()).includes(shopper.email))
    throw new Error(`the shopper's account page did not show them signed in (${account.status})`);
  return cookie;
}
