import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BANNER_SLIDER } from '#core/banner.ts';
import { videoUrl } from '#core/media-url.ts';
import { type BannerView, bannerSizes } from '../../lib/catalogue/banner.ts';
import { useText } from '../../lib/locale/use-text.ts';
import { useResponsive } from '../platform/responsive-provider.tsx';
import { usePrefetchMode } from '../platform/use-connection.ts';
import { Hotspots } from './hotspots.tsx';
import { MediaImage } from './media-image.tsx';
import { Slider } from './slider.tsx';

/** One banner module: a single banner, or a looping slider autoplaying every 7000 ms (§9). */
export function BannerModule({ banners, priority }: { banners: BannerView[]; priority?: boolean }) {
  const t = useText();
  if (banners.length === 1 && banners[0]) return <Banner banner={banners[0]} priority={priority} />;
  return (
    <Slider
      label={t('featured')}
      variant="full"
      loop={BANNER_SLIDER.loop}
      autoplayMs={BANNER_SLIDER.autoplayMs}
    >
      {banners.map((banner, index) => (
        <Banner key={banner.id} banner={banner} priority={priority && index === 0} />
      ))}
    </Slider>
  );
}

/** §3 banner: title, content and CTAs over an image or video, overlay, layout, zoom, aspect per breakpoint. */
export function Banner({ banner, priority }: { banner: BannerView; priority?: boolean }) {
  const Heading = priority ? 'h1' : 'h2';
  const prefetch = usePrefetchMode();
  const style = {
    '--banner-aspect-desktop': banner.aspect.desktop,
    '--banner-aspect-mobile': banner.aspect.mobile,
  } as React.CSSProperties;
  const hasCopy = banner.title || banner.content || banner.ctas.length > 0;
  return (
    <section
      className={[
        'banner',
        `banner--${banner.layout}`,
        banner.overlay ? 'banner--overlay' : '',
        banner.zoom ? 'banner--zoom' : '',
        banner.wrapCopy ? 'banner--wrap' : '',
        banner.hotspots.length ? 'banner--hotspots' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      style={style}
      aria-label={banner.title || banner.background.alt || undefined}
    >
      <div className="banner__media">
        <MediaImage
          descriptor={{
            id: banner.background.imageId,
            sizes: bannerSizes(banner.aspect),
            poi: true,
            qlt: 75,
          }}
          alt={banner.background.type === 'video' ? '' : banner.background.alt}
          width={1440}
          height={Math.round(
            (1440 * Number(banner.aspect.desktop.split('/')[1])) /
              Number(banner.aspect.desktop.split('/')[0]),
          )}
          priority={priority}
          className="banner__image"
        />
        {banner.background.type === 'video' && banner.background.videoId ? (
          <BannerVideo id={banner.background.videoId} label={banner.background.alt} />
        ) : null}
        {banner.hotspots.length > 0 ? <Hotspots hotspots={banner.hotspots} /> : null}
      </div>
      {hasCopy ? (
        <div className="banner__copy">
          {banner.title ? <Heading className="banner__title">{banner.title}</Heading> : null}
          {banner.content ? <p className="banner__content">{banner.content}</p> : null}
          {banner.ctas.length > 0 ? (
            <div className="banner__ctas">
              {banner.ctas.map((cta) =>
                cta.external ? (
                  <a
                    key={cta.text}
                    href={cta.href}
                    className={`button banner__cta banner__cta--${cta.variant}`}
                    {...(cta.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {cta.text}
                  </a>
                ) : (
                  <Link
                    key={cta.text}
                    to={cta.href}
                    prefetch={prefetch}
                    className={`button banner__cta banner__cta--${cta.variant}`}
                    {...(cta.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {cta.text}
                  </Link>
                ),
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** Background video: starts after hydration, only when motion is welcome; the poster image stays underneath. */
function BannerVideo({ id, label }: { id: string; label: string }) {
  const t = useText();
  const { motion } = useResponsive();
  const video = useRef<HTMLVideoElement>(null);
  const [show, setShow] = useState(false);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    setShow(motion !== 'reduce');
  }, [motion]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the video element exists only once shown
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (paused) element.pause();
    else element.play().catch(() => undefined);
  }, [paused, show]);
  if (!show) return null;
  return (
    <>
      <video
        ref={video}
        className="banner__video"
        src={videoUrl({ id }) ?? undefined}
        muted
        loop
        playsInline
        autoPlay
        preload="metadata"
        aria-label={label}
      />
      <button type="button" className="banner__video-toggle" onClick={() => setPaused((value) => !value)}>
        <span className="visually-hidden">{paused ? t('play video') : t('pause video')}</span>
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      </button>
    </>
  );
}
