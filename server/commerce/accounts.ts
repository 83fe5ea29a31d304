import type { EventBus } from '../events/domain-events.ts';
import type { Sessions, SessionView } from '../sessions/sessions.ts';
import type { Carts } from './carts.ts';
import type { CustomerInput, CustomerJson, Customers } from './customers.ts';
import { RESET_TOKEN_TTL_MINUTES, SIGNUP_TOKEN_TTL_MINUTES } from './customers.ts';
import { tooManyAttempts, unauthorized } from './errors.ts';
import type { RateLimits, ThrottleKey } from './rate-limits.ts';

/** Per-window limits of the account doors (settings RATE_LIMIT_WINDOW_SECONDS, LOGIN_*, SIGNUP_*). */
export interface AccountLimits {
  windowSeconds: number;
  loginPerIp: number;
  loginPerEmail: number;
  signupPerIp: number;
  signupPerEmail: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  windowSeconds: 900,
  loginPerIp: 50,
  loginPerEmail: 10,
  signupPerIp: 10,
  signupPerEmail: 3,
};

/** Who is asking: the session (null for a cookie-less visitor), the client address and whether over https. */
export interface Caller {
  session: SessionView | null;
  ip: string;
  https: boolean;
}

export interface SignedIn {
  customer: CustomerJson;
  setCookie: string;
  csrfToken: string;
  cartId: string | null;
}

/**
 * The account use cases every door shares (the page forms and `/api`): sign-up, sign-in, sign-out and the
 * password-reset request, each with its throttle, so no door can skip a limit another door keeps.
 */
export function createAccounts(deps: {
  customers: Customers;
  carts: Carts;
  sessions: Sessions;
  rateLimits: RateLimits;
  events: EventBus;
  limits: () => AccountLimits;
}) {
  const { customers, carts, sessions, rateLimits, events } = deps;

  /** Counts one attempt against each key in the accounts' window (rateLimits.throttle). */
  const throttle = (keys: ReadonlyArray<readonly [ThrottleKey, number]>) =>
    rateLimits.throttle(keys, deps.limits().windowSeconds);

  /**
   * Checks a password against the per-email limit of failed attempts: a failure counts, a right password never
   * uses the limit up (so its owner is not locked out by signing in).
   */
  async function passwordMatches(email: string, password: string): Promise<CustomerJson | null> {
    const limits = deps.limits();
    const emailKey = rateLimits.key('login', 'email', email);
    const exhausted = await rateLimits.check(emailKey, limits.loginPerEmail);
    if (!exhausted.allowed) throw tooManyAttempts(exhausted.retryAfter);
    const customer = await customers.authenticate(email, password);
    if (!customer) await rateLimits.hit(emailKey, limits.loginPerEmail, limits.windowSeconds);
    // The one guard of every password door (sign-in, /customers/validate): a disabled account is refused.
    else if (await customers.isDisabled(customer.id))
      throw unauthorized('This account is disabled', 'login-failed');
    return customer;
  }

  /**
   * Announces a reset link made by `customers.createPasswordReset` (mail subscribes): the one path of the
   * shopper's form and the back office's "send reset" button.
   */
  function mailResetLink(reset: { token: string; customer: CustomerJson }, locale: string): Promise<void> {
    return events.emit('password-reset-requested', {
      email: reset.customer.email,
      firstName: reset.customer.first_name,
      token: reset.token,
      locale,
      minutes: RESET_TOKEN_TTL_MINUTES,
    });
  }

  /**
   * §4: the session's cart goes with the customer when it has no customer or is already theirs; the session id
   * is replaced (no fixation).
   */
  async function signIn(caller: Caller, customer: CustomerJson): Promise<SignedIn> {
    let cartId = caller.session?.cartId ?? null;
    if (cartId) {
      const cart = await carts.find(cartId);
      if (cart && cart.customerId === null) await carts.assignCustomer(cartId, customer.id);
      else if (!cart || cart.customerId !== customer.id) cartId = null;
    }
    const signedIn = await sessions.signIn(caller.session, customer, cartId, caller.https);
    return { customer, setCookie: signedIn.setCookie, csrfToken: signedIn.session.csrfToken, cartId };
  }

  return {
    signIn,

    /**
     * A sign-up (issue 17 #8): answers the same for a new and a known address, in about the same time (the
     * password is hashed either way, the mail is not waited for), and signs nobody in. A new address gets a
     * confirmation link that creates the account (`confirmSignUp`); a known one's owner is told by mail. A pro
     * application (§2 /pro/create) is kept with the sign-up and stored with the account.
     */
    async signUp(
      caller: Caller,
      regionId: string,
      input: CustomerInput,
      options: { locale: string; proApplication?: Record<string, string>; returnTo?: string | null },
    ): Promise<void> {
      const limits = deps.limits();
      await throttle([
        [rateLimits.key('signup', 'ip', caller.ip), limits.signupPerIp],
        [rateLimits.key('signup', 'email', input.email), limits.signupPerEmail],
      ]);
      const started = await customers.startSignUp(regionId, input, options);
      if (started.known) {
        events.emitLater('signup-attempted-existing', {
          email: started.customer.email,
          firstName: started.customer.first_name,
          locale: options.locale,
        });
        return;
      }
      events.emitLater('signup-confirmation-requested', {
        email: started.email,
        firstName: started.firstName,
        token: started.token,
        locale: options.locale,
        minutes: SIGNUP_TOKEN_TTL_MINUTES,
      });
    },

    /**
     * Follows a sign-up's confirmation link: creates the account (once) and signs it in. 410 when the link is
     * unknown, used or expired; nothing changes then.
     */
    async confirmSignUp(
      caller: Caller,
      token: string,
    ): Promise<SignedIn & { pro: boolean; returnTo: string | null }> {
      const confirmed = await customers.confirmSignUp(token);
      const signedIn = await signIn(caller, confirmed.customer);
      return { ...signedIn, pro: confirmed.pro, returnTo: confirmed.returnTo };
    },

    /**
     * Email and password. Every attempt counts per client address; failed ones count per email, so a right
     * password is never locked out by use.
     */
    async logIn(caller: Caller, email: string, password: string): Promise<SignedIn> {
      await throttle([[rateLimits.key('login', 'ip', caller.ip), deps.limits().loginPerIp]]);
      const customer = await passwordMatches(email, password);
      if (!customer) throw unauthorized('Email or password is incorrect', 'login-failed');
      return signIn(caller, customer);
    },

    /**
     * Whether the signed-in customer's password is right (before a sensitive change). Failures count against the
     * same per-email limit as sign-in, so this door cannot be used to guess a password either.
     */
    async checkPassword(customer: CustomerJson, password: string): Promise<boolean> {
      return (await passwordMatches(customer.email, password)) !== null;
    },

    /** Ends this session and every other session of its customer (other devices too). */
    async signOut(session: SessionView | null): Promise<void> {
      if (session) await sessions.destroy(session.sessionId);
      if (session?.customer) await sessions.endForCustomer(session.customer.id);
    },

    /**
     * Mails a one-use reset link when the address has an account, and answers the same either way, at the same
     * speed (the mail is not waited for): the form never tells who has an account.
     */
    async requestPasswordReset(caller: Caller, email: string, locale: string): Promise<void> {
      const limits = deps.limits();
      try {
        await throttle([
          [rateLimits.key('reset', 'ip', caller.ip), limits.signupPerIp],
          [rateLimits.key('reset', 'email', email), limits.signupPerEmail],
        ]);
      } catch {
        return;
      }
      const reset = await customers.createPasswordReset(email);
      if (!reset) return;
      // Not waited for: the answer's timing must not tell who has an account.
      void mailResetLink(reset, locale);
    },

    mailResetLink,
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
