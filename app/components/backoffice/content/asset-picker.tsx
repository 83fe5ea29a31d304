import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { AssetPage, AssetView } from '../../../lib/backoffice/content/asset-view.ts';
import pickerStyles from '../../../styles/admin-content-assets.css?url';

export const ASSET_LIBRARY_PATH = '/admin/content/assets';

export interface AssetPickerProps {
  /** The form field that posts the chosen asset's uid. */
  name: string;
  label: string;
  defaultValue?: string;
  /** The asset chosen now, for its preview (the field shows only its uid without it). */
  current?: Pick<AssetView, 'uid' | 'title' | 'thumbnail'> | null;
  /** Ids of messages about the field (a field problem), and whether it is refused. */
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  onChange?(asset: Pick<AssetView, 'uid' | 'title' | 'thumbnail'> | null): void;
}

/**
 * A file field of the content editor: the asset's uid in a text input (so the form posts without JavaScript),
 * and a "Choose from library" dialog listing the asset library with a search and previews, which fills it in.
 * Brings its own styles (React hoists the stylesheet link into the head).
 */
export function AssetPicker({
  name,
  label,
  defaultValue = '',
  current = null,
  describedBy,
  invalid,
  required,
  onChange,
}: AssetPickerProps) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const [chosen, setChosen] = useState(current);
  const dialog = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<AssetView[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const fetcher = useFetcher<AssetPage>();
  const appending = useRef(false);

  useEffect(() => {
    const page = fetcher.data;
    if (!page || !Array.isArray(page.items)) return;
    setItems((held) => (appending.current ? [...held, ...page.items] : page.items));
    setNext(page.next);
  }, [fetcher.data]);

  const search = (q: string) => {
    appending.current = false;
    fetcher.load(`${ASSET_LIBRARY_PATH}?q=${encodeURIComponent(q)}`);
  };
  const open = () => {
    dialog.current?.showModal();
    if (!fetcher.data) search(query);
  };
  const pick = (asset: AssetView | null) => {
    setValue(asset?.uid ?? '');
    setChosen(asset);
    onChange?.(asset);
    dialog.current?.close();
  };
  const shown = chosen && chosen.uid === value ? chosen : null;
  const busy = fetcher.state !== 'idle';

  return (
    <div className="admin-asset-field">
      <link rel="stylesheet" href={pickerStyles} precedence="default" />
      <label htmlFor={`${id}-uid`}>{label}</label>
      <div className="admin-asset-field__row">
        {shown?.thumbnail ? (
          <img src={shown.thumbnail} alt="" width={80} height={60} className="admin-asset-thumb" />
        ) : null}
        <input
          id={`${id}-uid`}
          name={name}
          type="text"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            onChange?.(null);
          }}
          placeholder="Asset uid"
          maxLength={200}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={[`${id}-chosen`, describedBy].filter(Boolean).join(' ')}
        />
        <button type="button" className="admin-button admin-button--small admin-button--quiet" onClick={open}>
          Choose from library…
        </button>
        {value ? (
          <button
            type="button"
            className="admin-button admin-button--small admin-button--quiet"
            onClick={() => pick(null)}
          >
            Clear
          </button>
        ) : null}
      </div>
      <span id={`${id}-chosen`} className="admin-muted">
        {shown ? `Chosen: ${shown.title}` : value ? '' : 'No asset chosen.'}
      </span>
      <dialog ref={dialog} className="admin-dialog" aria-labelledby={`${id}-title`}>
        <div className="admin-dialog__head">
          <h2 id={`${id}-title`}>Choose an asset</h2>
          <button
            type="button"
            className="admin-button admin-button--small admin-button--quiet"
            onClick={() => dialog.current?.close()}
          >
            Close
          </button>
        </div>
        {/* Not a <form>: the picker sits inside the editor's form, and forms do not nest. */}
        <search className="admin-filters" aria-label="Find assets">
          <div>
            <label htmlFor={`${id}-q`}>Title</label>
            <input
              id={`${id}-q`}
              type="search"
              value={query}
              maxLength={200}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  search(query);
                }
              }}
            />
          </div>
          <button type="button" className="admin-button" onClick={() => search(query)}>
            Search
          </button>
        </search>
        <p className="admin-muted" role="status">
          {busy
            ? 'Loading assets…'
            : fetcher.data
              ? `${items.length} shown${next ? ', more below' : ''}.`
              : ''}
        </p>
        <ul className="admin-asset-choices">
          {items.map((asset) => (
            <li key={asset.uid}>
              <button
                type="button"
                className="admin-asset-choice"
                onClick={() => pick(asset)}
                aria-pressed={asset.uid === value}
              >
                {asset.thumbnail ? (
                  <img src={asset.thumbnail} alt="" width={160} height={120} loading="lazy" />
                ) : (
                  <span className="admin-asset-choice__file">{asset.contentType}</span>
                )}
                <span className="admin-asset-choice__title">{asset.title}</span>
                <span className="admin-muted">{asset.filename}</span>
              </button>
            </li>
          ))}
        </ul>
        {fetcher.data && items.length === 0 && !busy ? <p>No assets match.</p> : null}
        {next ? (
          <button
            type="button"
            className="admin-button admin-button--quiet"
            disabled={busy}
            onClick={() => {
              appending.current = true;
              fetcher.load(`${ASSET_LIBRARY_PATH}${next}`);
            }}
          >
            More assets
          </button>
        ) : null}
      </dialog>
    </div>
  );
}
