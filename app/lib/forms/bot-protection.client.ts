/**
 * The browser half of bot protection (SPEC §1, §8): loads the challenge script for the configured site key once
 * and asks it for a token per action.
 */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

type WithGrecaptcha = Window & { grecaptcha?: Grecaptcha };

let loadedKey: string | null = null;
let loading: Promise<Grecaptcha> | null = null;
const POLL_MS = 25;

export function loadBotProtection(siteKey: string): Promise<Grecaptcha> {
  if (typeof window === 'undefined') return Promise.reject(new Error('This is a library for the browser!'));
  if (loadedKey && loadedKey !== siteKey) {
    return Promise.reject(new Error('reCAPTCHA already loaded with different site key!'));
  }
  if (loading) return loading;
  loadedKey = siteKey;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onerror = () => {
      loading = null;
      loadedKey = null;
      reject(new Error('The bot-protection script could not be loaded.'));
    };
    document.head.appendChild(script);
    // The script defines grecaptcha some time after it loads: poll for it (§9: every 25 ms).
    const poll = setInterval(() => {
      const grecaptcha = (window as WithGrecaptcha).grecaptcha;
      if (grecaptcha) {
        clearInterval(poll);
        grecaptcha.ready(() => resolve(grecaptcha));
      }
    }, POLL_MS);
  });
  return loading;
}

/** A token for one action, or null when protection is off (no site key). */
export async function botToken(siteKey: string | null, action: string): Promise<string | null> {
  if (!siteKey) return null;
  const grecaptcha = await loadBotProtection(siteKey);
  return grecaptcha.execute(siteKey, { action });
}
