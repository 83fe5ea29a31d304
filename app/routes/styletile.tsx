import { Breadcrumbs } from '../components/editorial/breadcrumbs.tsx';
import { editorialMeta } from '../lib/editorial/meta.ts';
import { STYLE_TILE } from '../lib/editorial/style-tile.ts';
import { storefrontContext } from '../lib/router/storefront-context.server.ts';
import type { RouteHandle } from '../lib/shell/layout.ts';
import editorialStyles from '../styles/editorial.css?url';
import type { Route } from './+types/styletile';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: editorialStyles }];
export const handle = { name: 'styletile' } satisfies RouteHandle;

// SPEC §2 style tile: the design tokens of app/styles/tokens.css and the store's components on one page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = await storefrontContext(request, context);
  return { home: `/${locale.segment}` };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return editorialMeta(matches, location.pathname, {
    title: 'Style tile | Ridgeline Snowshoe Co.',
    description: 'The Ridgeline design tokens, type scale, colours, buttons and components on one page.',
  });
}

export default function StyleTile({ loaderData }: Route.ComponentProps) {
  const { home } = loaderData;
  return (
    <div className="container ed-styletile">
      <Breadcrumbs
        items={[
          { name: 'Home', href: home },
          { name: 'Style tile', href: `${home}/styletile` },
        ]}
      />
      <h1>Style tile</h1>
      <p className="ed-lede">
        Every colour, size and component of the store comes from the tokens in{' '}
        <code>app/styles/tokens.css</code>. This page draws them from the same custom properties, so it can
        never drift from the shop.
      </p>

      <section aria-labelledby="st-colours">
        <h2 id="st-colours">Colours</h2>
        <ul className="st-swatches">
          {STYLE_TILE.colours.map((colour) => (
            <li key={colour.token} className="st-swatch">
              <span className="st-swatch__chip" style={{ background: `var(${colour.token})` }} />
              <strong>{colour.name}</strong>
              <code>{colour.token}</code>
              <span className="ed-muted">{colour.use}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="st-type">
        <h2 id="st-type">Type scale</h2>
        <ul className="st-type">
          {STYLE_TILE.type.map((step) => (
            <li key={step.token}>
              <code>{step.token}</code>
              <span style={{ fontSize: `var(${step.token})`, lineHeight: 'var(--leading-tight)' }}>
                {step.sample}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="st-space">
        <h2 id="st-space">Spacing, radii and shadows</h2>
        <ul className="st-space">
          {STYLE_TILE.spacing.map((token) => (
            <li key={token}>
              <span className="st-space__bar" style={{ width: `var(${token})` }} />
              <code>{token}</code>
            </li>
          ))}
        </ul>
        <ul className="st-radii">
          {STYLE_TILE.radii.map((token) => (
            <li key={token} style={{ borderRadius: `var(${token})` }}>
              <code>{token}</code>
            </li>
          ))}
          <li className="st-shadow">
            <code>--shadow-card</code>
          </li>
        </ul>
      </section>

      <section aria-labelledby="st-buttons">
        <h2 id="st-buttons">Buttons and links</h2>
        <div className="st-row">
          <button type="button" className="button">
            Add to cart
          </button>
          <button type="button" className="button button--ghost">
            Find a dealer
          </button>
          <button type="button" className="button" disabled>
            Sold out
          </button>
          <a href={`${home}/styletile#st-buttons`}>A text link</a>
        </div>
      </section>

      <section aria-labelledby="st-forms">
        <h2 id="st-forms">Form controls</h2>
        <form className="ed-form st-form" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="st-email">Email</label>
          <input id="st-email" type="email" placeholder="you@example.com" />
          <label htmlFor="st-size">Size</label>
          <select id="st-size" defaultValue="25">
            <option value="22">22 in</option>
            <option value="25">25 in</option>
            <option value="30">30 in</option>
          </select>
          <label className="st-check">
            <input type="checkbox" defaultChecked /> Email me trail reports
          </label>
        </form>
      </section>

      <section aria-labelledby="st-components">
        <h2 id="st-components">Components</h2>
        <div className="st-components">
          <article className="post-card">
            <div className="post-card__body">
              <p className="eyebrow">Gear guides</p>
              <h3 className="post-card__title">
                <a href={`${home}/blog`}>A journal card</a>
              </h3>
              <p className="post-card__summary">Cards carry an eyebrow, a title link and a short summary.</p>
            </div>
          </article>
          <div>
            <p>
              <span className="badge">New</span> <span className="badge badge--sale">Sale</span>{' '}
              <span className="chip">A filter chip</span>
            </p>
            <p className="form-success" role="status">
              A confirmation message.
            </p>
            <p className="form-error">An error message.</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="st-motion">
        <h2 id="st-motion">Motion</h2>
        <p>
          <code>--motion-fast</code> 150 ms and <code>--motion-base</code> 250 ms with <code>--ease-out</code>
          ; both fall to 0 ms when the visitor asks for reduced motion.
        </p>
      </section>
    </div>
  );
}
