import { useEffect, useRef, useState } from 'react';
import { useText } from '../../lib/use-text.ts';

// Network names are brands and stay as they are; 'Email' is a word and comes from display text.
const NETWORKS = [
  { id: 'facebook', label: 'Facebook' },
  { id: 'x', label: 'X' },
  { id: 'pinterest', label: 'Pinterest' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'email', label: 'Email', text: 'share email' },
  { id: 'sms', label: 'SMS' },
] as const;

// The networks' link grammar is loaded when the menu first opens, not with the page (issue 10 JS budget); by
// the time a network is chosen it is there, so window.open still runs inside the click.
type ShareLinks = typeof import('#core/share-links.ts');
let shareLinks: ShareLinks | null = null;
const loadShareLinks = async () => {
  shareLinks ??= await import('#core/share-links.ts');
  return shareLinks;
};

export type ShareEventName = 'open' | 'close' | 'change';

interface Props {
  url: string;
  title: string;
  description?: string;
  media?: string;
  onShareEvent?: (name: ShareEventName, network: string) => void;
}

/**
 * Share menu (§3, §4): a popup of 626×436 for web networks, polled every 500 ms until it closes; sharing again
 * while one is open closes it and emits change; sms, messenger, viber and email open in a new tab. Each event
 * is also dispatched on the menu element as `share:{name}`.
 */
export function ShareMenu({ url, title, description, media, onShareEvent }: Props) {
  const t = useText();
  const root = useRef<HTMLDivElement>(null);
  const popup = useRef<{ window: Window; network: string } | null>(null);
  const timer = useRef<number | null>(null);
  const [open, setOpen] = useState(false);

  const emit = (name: ShareEventName, network: string) => {
    onShareEvent?.(name, network);
    root.current?.dispatchEvent(new CustomEvent(`share:${name}`, { detail: { network }, bubbles: true }));
  };
  const stopPolling = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearInterval(timer.current);
    },
    [],
  );

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  useEffect(() => {
    if (open) void loadShareLinks();
  }, [open]);

  const share = async (network: string) => {
    const { opensInNewTab, SHARE_POPUP, shareLink, sharePopupFeatures } =
      shareLinks ?? (await loadShareLinks());
    const link = shareLink({ network, url, title, description, media });
    if (opensInNewTab(network)) {
      window.open(link, '_blank', 'noopener,noreferrer');
      return;
    }
    const previous = popup.current;
    if (previous && !previous.window.closed) {
      stopPolling();
      previous.window.close();
      popup.current = null;
      emit('change', network);
    }
    const opened = window.open(
      link,
      'ridgeline-share',
      sharePopupFeatures({ width: window.screen.width, height: window.screen.height }),
    );
    if (!opened) return;
    popup.current = { window: opened, network };
    emit('open', network);
    stopPolling();
    timer.current = window.setInterval(() => {
      const current = popup.current;
      if (!current || current.window.closed) {
        stopPolling();
        popup.current = null;
        emit('close', network);
      }
    }, SHARE_POPUP.pollMs);
  };

  return (
    <div className="share" ref={root}>
      <button
        type="button"
        className="share__toggle"
        aria-expanded={open}
        aria-controls="share-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {t('share')}
      </button>
      <ul id="share-menu" className="share__menu" hidden={!open}>
        {NETWORKS.map((network) => (
          <li key={network.id}>
            <button type="button" className="share__network" onClick={() => void share(network.id)}>
              {'text' in network ? t(network.text) : network.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
