import { SHARE_POPUP, shareLink, sharePopupFeatures } from '#core/share-links.ts';

/**
 * The share menu's behaviour once a network is chosen (SPEC §4 share popup), loaded with the networks' link
 * grammar when the menu first opens, not with the page (the product page's JavaScript budget, issue 10).
 */
export { shareLink };

/** The one popup a share menu keeps its handle on, and the timer polling it. */
export interface SharePopupState {
  popup: Window | null;
  timer: number;
}

/**
 * Opens `link` for `network`: networks whose link does not start with http (sms, email) in a new tab or their
 * app; the others in a popup of 626×436 on the visitor's screen (never at a negative offset), polled every 500 ms
 * until it closes. Sharing again while the popup is open closes it and emits change. Events are dispatched on
 * `menu` as `share:{open|close|change}` with the network in their detail. A blocked popup opens a tab instead.
 */
export function openShare(state: SharePopupState, menu: Element | null, network: string, link: string): void {
  const emit = (name: string) =>
    menu?.dispatchEvent(new CustomEvent(`share:${name}`, { detail: { network }, bubbles: true }));
  if (!link.startsWith('http')) {
    window.open(link, '_blank', 'noopener,noreferrer');
    return;
  }
  window.clearInterval(state.timer);
  if (state.popup && !state.popup.closed) {
    state.popup.close();
    emit('change');
  }
  const popup = window.open(
    link,
    'ridgeline-share',
    sharePopupFeatures({ width: window.screen.width, height: window.screen.height }),
  );
  state.popup = popup;
  if (!popup) {
    window.open(link, '_blank', 'noopener,noreferrer');
    return;
  }
  emit('open');
  state.timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(state.timer);
    emit('close');
  }, SHARE_POPUP.pollMs);
}

/** While the menu (a <details>) is open: Escape and a click outside close it. Returns what stops listening. */
export function watchOpenMenu(menu: HTMLDetailsElement | null): () => void {
  const listener = (event: MouseEvent | KeyboardEvent) => {
    if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu?.contains(event.target as Node))
      menu?.removeAttribute('open');
  };
  document.addEventListener('click', listener);
  document.addEventListener('keydown', listener);
  return () => {
    document.removeEventListener('click', listener);
    document.removeEventListener('keydown', listener);
  };
}
