import { useState } from 'react';
import { opensInNewTab, SHARE_POPUP, shareLink, sharePopupFeatures } from '#core/share-links.ts';
import { useText } from '../../lib/use-text.ts';

// Network names are brands and stay as they are; 'Email' is a word and comes from display text.
const NETWORKS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'x', label: 'X' },
  { key: 'pinterest', label: 'Pinterest' },
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'whatsapp', label: 'WhatsApp' },
  { key: 'email', label: 'Email', text: 'share email' },
] as const;

export interface ShareMenuProps {
  url: string;
  title: string;
  description?: string;
  media?: string;
  hashtags?: string;
}

/**
 * Share menu (§3 share link inputs, §4 share popup). Without JavaScript each link opens the network in a new
 * tab; with it, http networks open in a 626×436 popup that is watched every 500 ms, and opening another network
 * closes the first.
 */
export function ShareMenu(props: ShareMenuProps) {
  const t = useText();
  const [copied, setCopied] = useState(false);
  const links = NETWORKS.map((network) => ({
    ...network,
    href: shareLink({ network: network.key, ...props }),
  }));

  function open(event: React.MouseEvent<HTMLAnchorElement>, key: string, href: string) {
    if (opensInNewTab(key)) return;
    event.preventDefault();
    const holder = window as unknown as { __sharePopup?: Window | null };
    holder.__sharePopup?.close();
    const popup = window.open(
      href,
      'share',
      sharePopupFeatures({ width: window.screen.width, height: window.screen.height }),
    );
    holder.__sharePopup = popup;
    if (!popup) window.open(href, '_blank', 'noopener');
    const timer = window.setInterval(() => {
      if (!popup || popup.closed) window.clearInterval(timer);
    }, SHARE_POPUP.pollMs);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <details className="share-menu">
      <summary className="button button--ghost">{t('share')}</summary>
      <ul className="share-menu__list">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => open(event, link.key, link.href)}
              data-network={link.key}
            >
              {'text' in link ? t(link.text) : link.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="share-menu__copy" onClick={copy}>
            {copied ? t('link copied') : t('copy link')}
          </button>
        </li>
      </ul>
    </details>
  );
}
