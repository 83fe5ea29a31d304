import {
  Children,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { stepIndex } from '../../lib/catalogue/gestures.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useResponsive } from '../platform/responsive-provider.tsx';
import { useGesture } from '../platform/use-gesture.ts';

interface SliderProps {
  label: string;
  children: ReactNode;
  /** CSS modifier deciding slides per view ('cards': 1/2/4 at 0/600/900 px; 'full': one). */
  variant: 'cards' | 'full' | 'gallery';
  loop?: boolean;
  /** Autoplay delay; none when null. Reduced motion never autoplays. */
  autoplayMs?: number | null;
  /** §4: the slider is enabled only once its content has loaded. */
  enabled?: boolean;
  onIndexChange?: (index: number) => void;
  className?: string;
}

/**
 * A small scroll-snap slider: native swipe and scroll, previous/next buttons, arrow keys, optional autoplay with
 * pause/resume, optional loop. No library; about 2 KB.
 */
export function Slider({
  label,
  children,
  variant,
  loop = false,
  autoplayMs = null,
  enabled = true,
  onIndexChange,
  className,
}: SliderProps) {
  const t = useText();
  const { motion } = useResponsive();
  const track = useRef<HTMLDivElement>(null);
  // While a button or key scrolls the track, scroll events report positions on the way: keep the target.
  const scrollingUntil = useRef(0);
  const slides = Children.toArray(children);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [perView, setPerView] = useState(1);
  const [playing, setPlaying] = useState(autoplayMs !== null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [held, setHeld] = useState(false);
  // §9 touch: a finger held still for 400 ms pauses autoplay until it lifts; a swipe is the track's own native
  // scroll. The mouse events a browser echoes after a touch are not hover, or a tap would pause autoplay for good.
  const gesture = useGesture((found) => setHeld(found.kind === 'hold'));
  const reduce = motion === 'reduce';
  const section = useRef<HTMLElement>(null);
  // `data-enabled` says the slider answers (hydrated, its content loaded). Written here rather than rendered: a
  // value that differs between server and browser would render every slider again, at once, after hydration.
  useEffect(() => {
    section.current?.setAttribute('data-enabled', enabled ? 'true' : 'false');
  }, [enabled]);

  const measure = useCallback(() => {
    const element = track.current;
    const first = element?.firstElementChild as HTMLElement | null;
    if (!element || !first) return;
    const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
    const width = first.offsetWidth + gap;
    setPerView(Math.max(1, Math.round((element.clientWidth + gap) / width)));
    if (Date.now() < scrollingUntil.current) return;
    setIndex(Math.round(element.scrollLeft / width));
  }, []);

  useEffect(() => {
    measure();
    const element = track.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(() => onIndexChange?.(index), [index, onIndexChange]);

  const lastStart = Math.max(0, count - perView);
  const goTo = useCallback(
    (target: number) => {
      const element = track.current;
      const slide = element?.children[target] as HTMLElement | undefined;
      if (!element || !slide) return;
      scrollingUntil.current = Date.now() + (reduce ? 50 : 700);
      element.scrollTo({ left: slide.offsetLeft - element.offsetLeft, behavior: reduce ? 'auto' : 'smooth' });
      setIndex(target);
    },
    [reduce],
  );
  const step = useCallback(
    (delta: number) => {
      const positions = lastStart + 1;
      goTo(stepIndex(Math.min(index, lastStart), delta, positions, loop));
    },
    [goTo, index, lastStart, loop],
  );

  const autoplay =
    autoplayMs !== null && playing && !hovered && !focused && !held && !reduce && enabled && count > 1;
  useEffect(() => {
    if (!autoplay || autoplayMs === null) return;
    const timer = window.setInterval(() => step(1), autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplay, autoplayMs, step]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!enabled) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    }
  };

  const canPrev = loop || index > 0;
  const canNext = loop || index < lastStart;
  return (
    <section
      className={`slider slider--${variant}${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      ref={section}
      data-index={index}
      onKeyDown={onKeyDown}
      onMouseEnter={(event) => {
        if (!gesture.isEmulated(event)) setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
      // Keyboard users read a slide without it moving away: focus anywhere inside pauses autoplay.
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={gesture.handlers.onPointerDown}
      onPointerMove={gesture.handlers.onPointerMove}
      onPointerUp={gesture.handlers.onPointerUp}
      onPointerCancel={(event) => {
        gesture.handlers.onPointerCancel();
        if (event.pointerType === 'touch') setHeld(false);
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling track, not a form group */}
      <div
        ref={track}
        className="slider__track"
        onScroll={measure}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
        tabIndex={0}
        role="group"
        aria-label={label}
      >
        {slides.map((slide, position) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides keep their order
            key={position}
            className="slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('slide {n} of {count}', { n: position + 1, count })}
          >
            {slide}
          </div>
        ))}
      </div>
      {enabled && count > perView ? (
        <div className="slider__controls">
          {autoplayMs !== null && !reduce ? (
            <button
              type="button"
              className="slider__button slider__play"
              aria-pressed={!playing}
              onClick={() => setPlaying((value) => !value)}
            >
              <span className="visually-hidden">{playing ? t('pause slideshow') : t('play slideshow')}</span>
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
            </button>
          ) : null}
          <button
            type="button"
            className="slider__button slider__prev"
            onClick={() => step(-1)}
            disabled={!canPrev}
          >
            <span className="visually-hidden">{t('previous slide')}</span>
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="slider__button slider__next"
            onClick={() => step(1)}
            disabled={!canNext}
          >
            <span className="visually-hidden">{t('next slide')}</span>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
