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
  const media = useRef<HTMLDivElement>(null);
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
      <div className="banner__media" ref={media}>
        <MediaImage
          descriptor={{
            id: banner.background.imageId,
            sizes: bannerSizes(banner.aspect),
            poi: true,
            qlt: 75,
          }}
          alt={banner.background.alt}
          width={1440}
          height={Math.round(
            (1440 * Number(banner.aspect.desktop.split('/')[1])) /
              Number(banner.aspect.desktop.split('/')[0]),
          )}
          priority={priority}
          className="banner__image"
        />
        {banner.background.type === 'video' && banner.background.videoId ? (
          <BannerVideo id={banner.background.videoId} media={media} />
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

/** Where a banner's video plays: not on a phone's 4:5 crop (see BannerVideo). */
const VIDEO_MEDIA = '(min-width: 768px)';

/**
 * Background video: starts after hydration, only when motion is welcome, only once the poster image under it
 * has loaded, and not on a phone. A phone's 4:5 crop of the 16:9 720p video shows under half its width, blown
 * up about twice, for megabytes of mobile data; and its first frame, a hair larger than the poster once pixels
 * are snapped, became the page's largest paint seconds after the poster (LCP, issue 22). The poster stays, and
 * carries the description at every width (the video, the same scene in motion, adds none).
 */
function BannerVideo({ id, media }: { id: string; media: React.RefObject<HTMLDivElement | null> }) {
  const t = useText();
  const { motion, width } = useResponsive();
  const video = useRef<HTMLVideoElement>(null);
  const [posterShown, setPosterShown] = useState(false);
  const [show, setShow] = useState(false);
  const [paused, setPaused] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref is stable; the poster <img> is rendered once
  useEffect(() => {
    const poster = media.current?.querySelector('img');
    if (!poster || poster.complete) return setPosterShown(true);
    const shown = () => setPosterShown(true);
    poster.addEventListener('load', shown, { once: true });
    poster.addEventListener('error', shown, { once: true });
    return () => {
      poster.removeEventListener('load', shown);
      poster.removeEventListener('error', shown);
    };
  }, []);
  // The media query itself, not the responsive width: that is the server's default until its provider has
  // read the screen, after this effect, and a video mounted for one render would start loading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: width changes are when the query may answer anew
  useEffect(() => {
    setShow(posterShown && motion !== 'reduce' && window.matchMedia(VIDEO_MEDIA).matches);
  }, [motion, posterShown, width]);
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
      />
      <button type="button" className="banner__video-toggle" onClick={() => setPaused((value) => !value)}>
        <span className="visually-hidden">{paused ? t('play video') : t('pause video')}</span>
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      </button>
    </>
  );
}
