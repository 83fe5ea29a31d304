import type { FormEvent } from 'react';
import { useRouteLoaderData, useSubmit } from 'react-router';
import type { RootData } from '../../root.tsx';
import { botToken } from '../forms/bot-protection.client.ts';

/**
 * Bot protection for a form (SPEC §1, §8): with a site key configured, the submit asks the challenge for a token
 * for `action` and sends it as `token`; without a key the form submits as it is (and without JavaScript too).
 */
export function useBotSubmit(action: string) {
  const siteKey = useRouteLoaderData<RootData>('root')?.botSiteKey ?? null;
  const submit = useSubmit();
  if (!siteKey) return undefined;
  return async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    // Without a token the form is still sent: the server answers the shopper (a challenge that fails to load
    // must not leave the button doing nothing).
    const token = await botToken(siteKey, action).catch((error: unknown) => {
      console.warn('Bot protection gave no token; the form is sent without one.', error);
      return null;
    });
    if (token) data.set('token', token);
    await submit(data, { method: 'post', action: form.getAttribute('action') ?? undefined });
  };
}
