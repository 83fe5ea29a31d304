import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { hasCtaText } from '#core/cta-copy.ts';
import { hotspotPanelPosition, isSmallContainer, toggleHotspot } from '#core/hotspots.ts';
import { tileImage } from '#core/media-url.ts';
import type { HotspotView } from '../../lib/catalogue/banner.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useGesture } from '../platform/use-gesture.ts';
import { MediaImage } from './media-image.tsx';

/**
 * Image hotspots (§4): markers at fractional points; at most one active (click toggles, + becomes −); an outside
 * click, Escape or the close button clears it. The active one opens a panel: a full takeover in a small container
 * (≤ 650 px wide or ≤ 360 px high), otherwise beside its marker by the 0.3/0.6 thresholds. Inactive markers show
 * their title in a popup on hover or focus.
 */
export function Hotspots({ hotspots }: { hotspots: HotspotView[] }) {
  const t = useText();
  const [active, setActive] = useState<string | null>(null);
  const [small, setSmall] = useState(true);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const measure = () => setSmall(isSmallContainer(element.clientWidth, element.clientHeight));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (active === null) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setActive(null);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setActive(null);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [active]);

  // §9 on touch: a tap (≤ 10 px) toggles, a long tap opens, a swipe across the image toggles nothing; the click
  // the browser sends after a touch is ignored, so one tap never toggles twice.
  const touchTarget = useRef<string | null>(null);
  const gesture = useGesture((found, event) => {
    const id = touchTarget.current;
    if (!id || event?.pointerType !== 'touch') return;
    if (found.kind === 'tap') setActive((value) => toggleHotspot(value, id));
    else if (found.kind === 'long-tap') setActive(id);
  });

  const current = hotspots.find((hotspot) => hotspot.id === active) ?? null;
  const position = current ? hotspotPanelPosition(current) : null;
  return (
    <div ref={root} className="hotspots" data-small={small ? 'true' : 'false'}>
      {hotspots.map((hotspot) => {
        const isActive = hotspot.id === active;
        return (
          <div
            key={hotspot.id}
            className="hotspot"
            style={{ left: `${hotspot.x * 100}%`, top: `${hotspot.y * 100}%` }}
          >
            <button
              type="button"
              className="hotspot__marker"
              aria-expanded={isActive}
              aria-controls={isActive ? `hotspot-panel-${hotspot.id}` : undefined}
              data-hotspot={hotspot.id}
              onPointerDown={(event) => {
                touchTarget.current = hotspot.id;
                gesture.handlers.onPointerDown(event);
              }}
              onPointerMove={gesture.handlers.onPointerMove}
              onPointerUp={gesture.handlers.onPointerUp}
              onPointerCancel={gesture.handlers.onPointerCancel}
              onClick={(event) => {
                if (gesture.isEmulated(event)) return;
                setActive((value) => toggleHotspot(value, hotspot.id));
              }}
              style={
                {
                  '--hotspot-bg': hotspot.backgroundColor ?? undefined,
                  '--hotspot-fg': hotspot.fontColor ?? undefined,
                } as React.CSSProperties
              }
            >
              <span aria-hidden="true">{isActive ? '−' : '+'}</span>
              <span className="visually-hidden">{hotspot.title}</span>
            </button>
            {!isActive ? (
              <span className="hotspot__popup" aria-hidden="true">
                {hotspot.title}
              </span>
            ) : null}
          </div>
        );
      })}
      {current && position ? (
        <section
          id={`hotspot-panel-${current.id}`}
          className={
            small
              ? 'hotspot-panel hotspot-panel--takeover'
              : `hotspot-panel hotspot-panel--${position.horizontal} hotspot-panel--${position.vertical}`
          }
          style={small ? undefined : { left: `${current.x * 100}%`, top: `${current.y * 100}%` }}
          aria-label={current.title}
          data-panel={small ? 'takeover' : 'anchored'}
        >
          {current.ampId ? (
            <MediaImage
              descriptor={tileImage(current.ampId, { sizes: [{ width: 160, height: 213, minWidthBp: 0 }] })}
              alt=""
              width={160}
              height={213}
              className="hotspot-panel__image"
            />
          ) : null}
          <div className="hotspot-panel__body">
            <h3>{current.title}</h3>
            {current.description ? <p>{current.description}</p> : null}
            {current.link && hasCtaText(current.ctaCopy) ? (
              <Link className="button" to={current.link}>
                {current.ctaCopy}
              </Link>
            ) : null}
          </div>
          <button type="button" className="hotspot-panel__close" onClick={() => setActive(null)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('close')}</span>
          </button>
        </section>
      ) : null}
    </div>
  );
}
