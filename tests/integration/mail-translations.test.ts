import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '#core/locale.ts';
import { readContentFiles } from '#server/content/content-files.ts';
import { ORDER_UPDATE_TEXT, orderShippedMessage, PRO_DECISION_TEXT } from '#server/mail/messages.ts';

/**
 * The back office's shopper mails (shipped, cancelled, pro decision) read their wording from display text of the
 * shopper's locale. Display text is keyed by its entry's lower-cased title (content client `displayText`), so
 * every key of the English defaults needs a seeded display_text entry with that title in every locale, keeping
 * the placeholders of the English wording.
 */
const MAIL_TEXT: Readonly<Record<string, string>> = { ...ORDER_UPDATE_TEXT, ...PRO_DECISION_TEXT };

/** Seeded display text of each locale as the content client keys it: lower-cased title → text, no fallback. */
function seededDisplayText(): Map<string, Map<string, string[]>> {
  const byLocale = new Map<string, Map<string, string[]>>();
  for (const file of readContentFiles()) {
    if (file.content_type !== 'display_text') continue;
    for (const [locale, fields] of Object.entries(file.locales)) {
      const { title, text } = fields as { title?: unknown; text?: unknown };
      if (typeof title !== 'string' || typeof text !== 'string' || text.trim() === '') continue;
      const texts = byLocale.get(locale) ?? new Map<string, string[]>();
      const key = title.toLowerCase();
      texts.set(key, [...(texts.get(key) ?? []), text]);
      byLocale.set(locale, texts);
    }
  }
  return byLocale;
}

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe('shopper mail translations', () => {
  const seeded = seededDisplayText();

  it('seeds every order update and pro decision mail key in all eight locales, once', () => {
    const problems: string[] = [];
    for (const locale of SUPPORTED_LOCALES) {
      for (const key of Object.keys(MAIL_TEXT)) {
        const texts = seeded.get(locale)?.get(key) ?? [];
        if (texts.length !== 1) problems.push(`${locale} '${key}': ${texts.length} entries`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the placeholders of the English wording in every translation, and en-us is the English default', () => {
    const problems: string[] = [];
    for (const locale of SUPPORTED_LOCALES) {
      for (const [key, english] of Object.entries(MAIL_TEXT)) {
        for (const text of seeded.get(locale)?.get(key) ?? []) {
          if (placeholders(text).join() !== placeholders(english).join())
            problems.push(
              `${locale} '${key}': ${placeholders(text).join()} ≠ ${placeholders(english).join()}`,
            );
          if (locale === 'en-us' && text !== english)
            problems.push(`en-us '${key}' differs from the default`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("writes a German shopper's shipped-order subject in German", () => {
    const german = Object.fromEntries(
      [...(seeded.get('de') ?? new Map())].map(([key, [text]]) => [key, text]),
    );
    const message = orderShippedMessage({
      id: 1042,
      email: 'anna@example.de',
      firstName: 'Anna',
      carrier: 'DHL',
      trackingNumber: '00340434161094042557',
      trackingUrl: null,
      items: [{ name: 'Summit Ascent', sku: 'RSA-M-25', quantity: 1 }],
      orderUrl: 'https://ridgeline.example/de-de/order-status?order=1042',
      text: german,
    });
    expect(message.subject).toBe('Ihre Ridgeline-Bestellung 1042 ist unterwegs');
    expect(message.text).toContain('Hallo Anna, ein Paket Ihrer Bestellung 1042 hat unser Lager verlassen.');
  });
});
