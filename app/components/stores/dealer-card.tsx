import { useText } from '../../lib/locale/use-text.ts';
import type { DealerView } from '../../lib/stores/dealers.ts';

export function DealerCard({ dealer, distance }: { dealer: DealerView; distance: string | null }) {
  const t = useText();
  const directions = `https://www.openstreetmap.org/directions?route=%3B${dealer.lat}%2C${dealer.lng}`;
  return (
    <article className="dealer" aria-labelledby={`dealer-${dealer.uid}`}>
      <div className="dealer__head">
        <h3 id={`dealer-${dealer.uid}`} className="dealer__name">
          {dealer.name}
        </h3>
        {distance ? <p className="dealer__distance">{t('stores distance', { distance })}</p> : null}
      </div>
      <address className="dealer__address">
        {dealer.street}
        <br />
        {dealer.postalCode} {dealer.locality}, {dealer.country.toUpperCase()}
      </address>
      {dealer.services.length > 0 ? (
        <ul className="dealer__services" aria-label={t('stores services')}>
          {dealer.services.map((service) => (
            <li key={service} className="badge">
              {t(`service ${service}`)}
            </li>
          ))}
        </ul>
      ) : null}
      {dealer.hours.length > 0 ? (
        <details className="dealer__hours">
          <summary>{t('opening hours')}</summary>
          <ul>
            {dealer.hours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="dealer__actions">
        {dealer.phone ? (
          <a href={`tel:${dealer.phone.replace(/\s/g, '')}`}>
            {t('stores call')} {dealer.phone}
          </a>
        ) : null}
        {dealer.website ? (
          <a href={dealer.website} target="_blank" rel="noopener noreferrer">
            {t('stores website')}
          </a>
        ) : null}
        <a href={directions} target="_blank" rel="noopener noreferrer">
          {t('get directions')}
        </a>
      </p>
    </article>
  );
}
