import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useText } from '../../lib/locale/use-text.ts';
import { useHydrated } from '../../lib/router/use-hydrated.ts';
import type { SuggestView } from '../../lib/search/search-view.ts';
import searchStyles from '../../styles/header-search.css?url';
import { sendClick } from './send-click.ts';

export interface HeaderSearchProps {
  /** The page's locale segment, e.g. 'en-us'. */
  localeSegment: string;
  /** Text already searched (the search page passes its query). */
  initialQuery?: string;
  /** Extra class on the form, for the header's layout. */
  className?: string;
}

type Option =
  | { kind: 'suggestion'; id: string; text: string }
  | {
      kind: 'product';
      id: string;
      text: string;
      href: string;
      price: string | null;
      image: string;
      documentId: string;
    };

/**
 * The header's search box with autocomplete (SPEC §1, §7): a plain GET form to /{lang}/search without
 * JavaScript; with it, query suggestions and top products in a listbox (ARIA combobox), arrow keys move,
 * Enter opens, Escape closes, and choosing a product sends a click tagged 'autocomplete'.
 */
export function HeaderSearch({ localeSegment, initialQuery = '', className }: HeaderSearchProps) {
  const t = useText();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState(initialQuery);
  const [data, setData] = useState<SuggestView | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef('');
  const hydrated = useHydrated();

  const inputRef = useRef<HTMLInputElement>(null);
  const { key: locationKey } = useLocation();

  useEffect(() => setQuery(initialQuery), [initialQuery]);
  // A new page closes the list and drops answers still on their way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation (location key)
  useEffect(() => {
    latest.current = '';
    if (timer.current) clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
  }, [locationKey]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const options: Option[] = [
    ...(data?.suggestions ?? []).map((text, index) => ({
      kind: 'suggestion' as const,
      id: `${id}-s${index}`,
      text,
    })),
    ...(data?.products ?? []).map((product, index) => ({
      kind: 'product' as const,
      id: `${id}-p${index}`,
      text: product.title,
      href: product.href,
      price: product.price,
      image: product.image.src,
      documentId: product.id,
    })),
  ];
  const expanded = open && options.length > 0;

  function load(value: string) {
    latest.current = value;
    if (timer.current) clearTimeout(timer.current);
    if (value.trim().length < 2) {
      setData(null);
      return;
    }
    timer.current = setTimeout(async () => {
      try {
        const response = await fetch(`/${localeSegment}/search/suggest?q=${encodeURIComponent(value)}`, {
          headers: { accept: 'application/json' },
        });
        if (!response.ok) return;
        const next = (await response.json()) as SuggestView;
        if (latest.current === value) {
          setData(next);
          setActive(-1);
          setOpen(document.activeElement === inputRef.current);
        }
      } catch {
        // Suggestions are an enhancement: the form still submits.
      }
    }, 150);
  }

  function choose(option: Option) {
    latest.current = '';
    setOpen(false);
    if (option.kind === 'product') {
      sendClick(localeSegment, {
        query,
        documentId: option.documentId,
        requestId: data?.requestId ?? null,
        source: 'autocomplete',
      });
      navigate(option.href);
    } else {
      setQuery(option.text);
      navigate(`/${localeSegment}/search?q=${encodeURIComponent(option.text)}`);
    }
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((index) => (options.length ? (index + 1) % options.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (options.length ? (index <= 0 ? options.length - 1 : index - 1) : -1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  const suggestionCount = data?.suggestions.length ?? 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role works in every browser
    <form
      role="search"
      method="get"
      action={`/${localeSegment}/search`}
      className={className ? `header-search ${className}` : 'header-search'}
      data-hydrated={hydrated ? 'true' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        latest.current = '';
        if (timer.current) clearTimeout(timer.current);
        setOpen(false);
        const value = query.trim();
        navigate(`/${localeSegment}/search${value ? `?q=${encodeURIComponent(value)}` : ''}`);
      }}
    >
      {/* React hoists this into <head> once, wherever the header places the box. */}
      <link rel="stylesheet" href={searchStyles} precedence="default" />
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('search')}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        name="q"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? options[active]?.id : undefined}
        autoComplete="off"
        placeholder={t('search placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          load(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <button type="submit" className="header-search__submit">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('search submit')}</span>
      </button>
      <div className={expanded ? 'header-search__panel is-open' : 'header-search__panel'}>
        <div id={listId} role="listbox" aria-label={t('search suggestions')} className="header-search__list">
          {options.map((option, index) => (
            <div
              key={option.id}
              id={option.id}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`header-search__option header-search__option--${option.kind}${index === suggestionCount ? ' is-first-product' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onKeyDown={() => undefined}
            >
              {option.kind === 'product' ? (
                <>
                  <img src={option.image} alt="" width={48} height={48} loading="lazy" />
                  <span className="header-search__product">
                    <span>{option.text}</span>
                    {option.price ? <span className="header-search__price">{option.price}</span> : null}
                  </span>
                </>
              ) : (
                <span>{option.text}</span>
              )}
            </div>
          ))}
        </div>
      </div>
    </form>
  );
}
