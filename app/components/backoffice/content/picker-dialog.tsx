/**
 * A modal dialog that searches a back-office list (assets, entries) and hands back the item picked. It reads
 * the editor's picker routes (/admin/content/picker/*), which check the staff session like every page.
 */
import { useEffect, useId, useRef, useState } from 'react';

export interface PickerItem {
  key: string;
  label: string;
  detail?: string;
  image?: string;
}

interface Props {
  title: string;
  /** The JSON address to search; `q` is added. */
  source: string;
  open: boolean;
  onClose: () => void;
  onPick: (item: PickerItem) => void;
}

export function PickerDialog({ title, source, open, onClose, onPick }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<PickerItem[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const url = `${source}${source.includes('?') ? '&' : '?'}q=${encodeURIComponent(query)}`;
      fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then((response) => {
          if (!response.ok) throw new Error(String(response.status));
          return response.json() as Promise<{ items: PickerItem[] }>;
        })
        .then((body) => {
          setFailed(false);
          setItems(body.items);
        })
        .catch((error: unknown) => {
          if ((error as { name?: string }).name !== 'AbortError') setFailed(true);
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, source]);

  return (
    <dialog ref={dialog} className="content-picker" aria-labelledby={titleId} onClose={onClose}>
      <div className="content-picker__head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="admin-button admin-button--quiet admin-button--small"
          onClick={onClose}
        >
          Close
        </button>
      </div>
      <label htmlFor={searchId}>Search by title</label>
      <input
        id={searchId}
        type="search"
        value={query}
        maxLength={200}
        onChange={(event) => setQuery(event.target.value)}
      />
      {failed ? (
        <p className="admin-notice admin-notice--error" role="alert">
          The list could not be loaded. Check that you are still signed in, then try again.
        </p>
      ) : null}
      {items === null && !failed ? <p aria-live="polite">Loading…</p> : null}
      {items && items.length === 0 ? <p aria-live="polite">Nothing matches.</p> : null}
      {items?.length ? (
        <ul className="content-picker__list">
          {items.map((item) => (
            <li key={item.key}>
              {item.image ? <img src={item.image} alt="" width={80} height={60} loading="lazy" /> : null}
              <span>
                <strong>{item.label}</strong>
                {item.detail ? <span className="admin-muted"> {item.detail}</span> : null}
              </span>
              <button
                type="button"
                className="admin-button admin-button--small"
                aria-label={`Choose ${item.label}`}
                onClick={() => onPick(item)}
              >
                Choose
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </dialog>
  );
}
