import { Form } from 'react-router';
import type { StorefrontRegion } from '../lib/home.server.ts';
import { SITE_NAME } from '../lib/page-meta.ts';
import { organization } from '../lib/structured-data.ts';
import { JsonLd } from './json-ld.tsx';

export function HomePage({
  regions,
  localeSegment,
  origin,
}: {
  regions: StorefrontRegion[];
  localeSegment: string;
  origin: string;
}) {
  return (
    <>
      <JsonLd
        data={organization({
          name: SITE_NAME,
          url: `${origin}/`,
          logo: `${origin}/favicon.svg`,
          telephone: '+1-802-555-0147',
        })}
      />
      <section className="hero" aria-labelledby="hero-title">
        <HeroArt />
        <div className="container hero__copy">
          <p className="hero__eyebrow">Winter 2026 collection</p>
          <h1 id="hero-title">Float over fresh snow</h1>
          <p className="hero__lede">
            Snowshoes and trail gear from Ridgeline Snowshoe Co., built in small batches for deep powder, icy
            ridges and every quiet mile between.
          </p>
        </div>
      </section>
      <section className="container regions" aria-labelledby="regions-title">
        <h2 id="regions-title">Shop in your region</h2>
        <ul className="regions__list">
          {regions.map((region) => (
            <li key={region.id}>
              <Form method="post" action={`/${localeSegment}/country`}>
                <input type="hidden" name="country" value={region.country} />
                <input type="hidden" name="language" value={region.language} />
                <input type="hidden" name="returnTo" value="/" />
                <button type="submit" className="region-card">
                  <span className="region-card__name">{region.name}</span>
                  <span className="region-card__currency">{`Prices in ${region.currency}`}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function HeroArt() {
  return (
    <svg
      className="hero__art"
      viewBox="0 0 1440 560"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#16324a" />
          <stop offset="1" stopColor="#4d7a96" />
        </linearGradient>
      </defs>
      <rect width="1440" height="560" fill="url(#hero-sky)" />
      <path
        d="M0 380 L220 190 L360 300 L560 120 L760 330 L930 210 L1120 340 L1290 180 L1440 290 V560 H0 Z"
        fill="#3d6580"
      />
      <path
        d="M560 120 L610 175 L585 168 L560 190 L540 170 L520 160 Z M1290 180 L1330 222 L1300 215 L1275 230 L1262 205 Z"
        fill="#eef3f6"
      />
      <path
        d="M0 450 L180 360 L340 420 L520 330 L700 430 L880 350 L1060 440 L1260 360 L1440 420 V560 H0 Z"
        fill="#1f4d3f"
      />
      <path d="M0 500 Q360 450 720 490 T1440 480 V560 H0 Z" fill="#f4f7f8" />
    </svg>
  );
}
