import { useEffect, useRef, useState } from 'react';
import { useText } from '../lib/locale/use-text.ts';
import { useHydrated } from '../lib/router/use-hydrated.ts';
import type { SharePopupState } from '../lib/share/share-popup.ts';

/** A network of the menu: its key in core/share-links.ts and its name (a brand), or display text for a word. */
export interface ShareMenuNetwork {
  id: string;
  label: string;
  /** Display text key, for networks named by a word ('Email'). */
  text?: string;
}

export interface ShareMenuProps {
  url: string;
  title: string;
  description?: string;
  media?: string;
  hashtags?: string;
  /** The networks offered, in order: the pages differ. */
  networks: readonly ShareMenuNetwork[];
  /**
   * Each network's share link, built by the caller (shareLink of core/share-links.ts; the product page's by its
   * loader, to keep the grammar out of its JavaScript). With them the networks are links that work without
   * JavaScript; without them they are buttons, and the links' grammar is loaded when the menu first opens.
   */
  links?: Readonly<Record<string, string>>;
  /** Offers 'Copy link' after the networks (once the page's JavaScript runs). */
  copyLink?: boolean;
}

// What happens once a network is chosen (the popup and the links' grammar) loads when the menu first opens, not
// with the page (issue 10 JS budget); by the time a network is chosen it is there, so window.open still runs
// inside the click.
type SharePopup = typeof import('../lib/share/share-popup.ts');
let sharePopup: SharePopup | null = null;
const loadSharePopup = async () => {
  sharePopup ??= await import('../lib/share/share-popup.ts');
  return sharePopup;
};

/**
 * Share menu (SPEC §3 share link inputs, §4 share popup). A disclosure, so it opens without JavaScript too; with
 * it, Escape and a click outside close it. Web networks open in a popup of 626×436 on the visitor's screen (never
 * at a negative offset), polled every 500 ms until it closes; sharing again while one is open closes it and emits
 * change. Networks whose link does not start with http (sms, email) open in a new tab or their app. Each event
 * is dispatched on the menu element as `share:{open|close|change}` with the network in its detail.
 * Its look is styles/share-menu.css, which each route showing the menu links (product, blog post): a route's
 * stylesheets come inside its first HTML (decision 0016), and the menu's rules in every page's were dead weight.
 */
export function ShareMenu({
  url,
  title,
  description,
  media,
  hashtags,
  networks,
  links,
  copyLink = false,
}: ShareMenuProps) {
  const t = useText();
  const root = useRef<HTMLDetailsElement>(null);
  const state = useRef<SharePopupState>({ popup: null, timer: 0 });
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  // Copying needs the clipboard API: without JavaScript the button would do nothing, so it is not drawn.
  const canCopy = useHydrated() && copyLink;

  useEffect(() => () => window.clearInterval(state.current.timer), []);

  // While it is open, Escape and a click outside close it (with the rest of the menu's behaviour, loaded now).
  useEffect(() => {
    if (!open) return;
    let stop: (() => void) | undefined;
    let closed = false;
    void loadSharePopup().then(({ watchOpenMenu }) => {
      if (!closed) stop = watchOpenMenu(root.current);
    });
    return () => {
      closed = true;
      stop?.();
    };
  }, [open]);

  // A network given as a link opens itself (a new tab) when it is an app's or the menu's behaviour is not there
  // yet; one given as a button builds its link when chosen, waiting for the grammar if it is still on its way.
  const choose = async (event: React.MouseEvent, network: string, link?: string) => {
    if (link && (!sharePopup || !link.startsWith('http'))) return;
    event.preventDefault();
    const { openShare, shareLink } = sharePopup ?? (await loadSharePopup());
    openShare(
      state.current,
      root.current,
      network,
      link ?? shareLink({ network, url, title, description, media, hashtags }),
    );
  };

  return (
    <details className="share-menu" ref={root} onToggle={(event) => setOpen(event.currentTarget.open)}>
      {/* biome-ignore lint/a11y/useSemanticElements: a summary is the disclosure's native button; the role and state say so to every reader */}
      <summary className="share-menu__toggle" role="button" aria-expanded={open}>
        {t('share')}
      </summary>
      <ul className="share-menu__list">
        {networks.map((network) => {
          const name = network.text ? t(network.text) : network.label;
          const link = links?.[network.id];
          return (
            <li key={network.id}>
              {link ? (
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="share-menu__item"
                  onClick={(event) => void choose(event, network.id, link)}
                >
                  {name}
                </a>
              ) : (
                <button
                  type="button"
                  className="share-menu__item"
                  onClick={(event) => void choose(event, network.id)}
                >
                  {name}
                </button>
              )}
            </li>
          );
        })}
        {canCopy ? (
          <li>
            <button
              type="button"
              className="share-menu__item"
              onClick={() =>
                navigator.clipboard.writeText(url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? t('link copied') : t('copy link')}
            </button>
          </li>
        ) : null}
      </ul>
    </details>
  );
}
