import { toggleDeviceList } from '#core/wishlist.ts';
import { mergeDevice, readDevice, writeDevice } from './device.ts';

/**
 * The hearts' enhancer (issue 45, decision 0048), imported after hydration by the pages that show a heart, so no
 * page pays for it up front. It listens on the document: every heart on the page, and those a later navigation
 * adds, toggles in place. A guest's heart (no session token in its form) keeps the list on the device; a
 * signed-in shopper's posts to the account and shows the server's answer. A signed-in page also posts a list
 * the device still holds from before sign-in.
 */

const HEARTS = 'form[data-wishlist]';

function show(form: HTMLFormElement, saved: boolean): void {
  const button = form.querySelector('button');
  const intent = form.elements.namedItem('intent') as HTMLInputElement | null;
  if (!button || !intent) return;
  button.setAttribute('aria-pressed', String(saved));
  intent.value = saved ? 'remove' : 'add';
  const text = button.querySelector('.heart__label')?.firstChild;
  if (text) text.textContent = (saved ? button.dataset.saved : button.dataset.save) ?? text.textContent;
}

const tokenOf = (form: HTMLFormElement) =>
  (form.elements.namedItem('csrf') as HTMLInputElement | null)?.value ?? null;

function showAll(productId: string, saved: boolean): void {
  for (const form of document.querySelectorAll<HTMLFormElement>(HEARTS))
    if (form.dataset.wishlist === productId) show(form, saved);
}

/** A guest's hearts follow the device's list (the server drew them all unsaved). */
function showDevice(): void {
  const saved = new Set(readDevice().map((entry) => String(entry.productId)));
  for (const form of document.querySelectorAll<HTMLFormElement>(HEARTS))
    if (!tokenOf(form)) show(form, saved.has(form.dataset.wishlist ?? ''));
}

/** The size chosen on a product page, kept with the save. */
function chosenSize(): number | null {
  const checked = document.querySelector<HTMLInputElement>('input[name="variant_id"]:checked');
  return checked ? Number(checked.value) || null : null;
}

async function toggle(form: HTMLFormElement): Promise<void> {
  const productId = form.dataset.wishlist ?? '';
  const save = (form.elements.namedItem('intent') as HTMLInputElement).value === 'add';
  const token = tokenOf(form);
  if (!token) {
    const { list, full } = toggleDeviceList(readDevice(), Number(productId), save, Date.now(), chosenSize());
    writeDevice(list);
    showAll(productId, save && !full);
    return;
  }
  const body = new FormData(form);
  body.set('js', '1');
  const size = save ? chosenSize() : null;
  if (size) body.set('variant', String(size));
  showAll(productId, save);
  const answer = await fetch(form.action, { method: 'POST', body }).catch(() => null);
  if (!answer?.ok) {
    showAll(productId, !save);
    return;
  }
  // A post to the page's document URL runs the action, then the page's loader, which sends a signed-in shopper on
  // to the account's list: the answer is then that page, not JSON, and the action has done what was asked.
  const result = (await answer.json().catch(() => ({ saved: save }))) as { saved: boolean };
  showAll(productId, result.saved);
}

function start(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(HEARTS)) return;
    event.preventDefault();
    void toggle(form);
  });
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      showDevice();
    });
  }).observe(document.body, { childList: true, subtree: true });
  showDevice();
  const signedIn = document.querySelector<HTMLFormElement>(HEARTS);
  const token = signedIn ? tokenOf(signedIn) : null;
  const segment = location.pathname.split('/')[1];
  if (token && segment) void mergeDevice(segment, token);
}

// After hydration's work: nothing here is needed for the first paint.
if ('requestIdleCallback' in window) requestIdleCallback(start);
else setTimeout(start, 1);
