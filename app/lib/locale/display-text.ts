/**
 * Display text (§3) is not in the page: about 400 strings (21 KB, escaped twice inside the hydration data) were
 * on every page. The root loader names the dictionary instead (its content locale and version, a hash of its
 * JSON), the page preloads `/display-text/<locale>?v=<version>` (immutable: a changed text is a new version),
 * and the browser has it before hydrating (entry.client.tsx). The server renders from the dictionary the loader
 * remembered here. See docs/decisions/0023-display-text-out-of-the-page.md.
 */
export type DisplayText = Record<string, string>;

/** Which dictionary a page uses: what the root loader returns in place of the strings. */
export interface DisplayTextRef {
  locale: string;
  version: string;
}

const known = new Map<string, DisplayText>();
// A version per content locale is in use at a time; the rest of the bound absorbs an editor's changes.
const MAX_KNOWN = 32;
const loading = new Map<string, Promise<DisplayText>>();

/** Keeps a dictionary under its version, for the renders that name it (server) or a later page (browser). */
export function rememberDisplayText(version: string, text: DisplayText): void {
  known.delete(version);
  if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value as string);
  known.set(version, text);
}

/** The dictionary a page names, when it is here already. */
export function displayTextOf(ref: DisplayTextRef | undefined): DisplayText | undefined {
  return ref ? known.get(ref.version) : undefined;
}

export function displayTextHref(ref: DisplayTextRef): string {
  return `/display-text/${encodeURIComponent(ref.locale)}?v=${encodeURIComponent(ref.version)}`;
}

/**
 * Fetches the dictionary a page names, once per version (the same promise each time, so `use()` reads it
 * without suspending again once React has seen it settle). A failed or malformed answer is not retried for that
 * version (no fetch loop while rendering) and reads as the dictionary shown last: a language switch on a broken
 * network keeps the previous language's words rather than showing keys.
 */
export function loadDisplayText(ref: DisplayTextRef, fetchText: typeof fetch = fetch): Promise<DisplayText> {
  let pending = loading.get(ref.version);
  if (!pending) {
    const shownLast = () => [...known.values()].at(-1) ?? {};
    pending = fetchText(displayTextHref(ref))
      .then((response) => (response.ok ? response.json() : null))
      .then((parsed: unknown) => {
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return shownLast();
        rememberDisplayText(ref.version, parsed as DisplayText);
        return parsed as DisplayText;
      }, shownLast);
    loading.set(ref.version, pending);
  }
  return pending;
}

/**
 * Before hydration: fetches the dictionary the page preloads (root.tsx). False when the page names one that could
 * not be had: hydrating would replace the page's words with keys, so the entry leaves the server's page as it is.
 */
export async function preloadDisplayText(document: Document): Promise<boolean> {
  const link = document.querySelector<HTMLLinkElement>('link[data-display-text]');
  const locale = link?.dataset.displayTextLocale;
  const version = link?.dataset.displayText;
  if (!locale || !version) return true;
  await loadDisplayText({ locale, version });
  return displayTextOf({ locale, version }) !== undefined;
}
