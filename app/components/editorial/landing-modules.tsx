import { Link } from 'react-router';
import type { ModuleView } from '../../lib/editorial/pages.server.ts';
import { EditorialImage } from './editorial-image.tsx';
import { RichText } from './rich-text.tsx';

/** The modules of a landing page: banners, copy blocks and product rows. */
export function LandingModules({ modules }: { modules: readonly ModuleView[] }) {
  return (
    <>
      {modules.map((module, index) => {
        const key = `${module.type}-${index}`;
        if (module.type === 'banner') {
          const { banner } = module;
          const Heading = index === 0 ? 'h1' : 'h2';
          return (
            <section key={key} className={`ed-banner${banner.dark ? ' ed-banner--dark' : ''}`}>
              <EditorialImage image={banner.image} eager={index === 0} className="ed-banner__image" />
              <div className="ed-banner__copy container">
                <Heading className="ed-banner__title">{banner.title}</Heading>
                {banner.content ? <p className="ed-banner__text">{banner.content}</p> : null}
                {banner.buttons.length > 0 ? (
                  <div className="ed-banner__actions">
                    {banner.buttons.map((button) =>
                      button.href.startsWith('http') ? (
                        <a key={button.text} className="button" href={button.href} rel="noopener noreferrer">
                          {button.text}
                        </a>
                      ) : (
                        <Link key={button.text} className="button button--light" to={button.href}>
                          {button.text}
                        </Link>
                      ),
                    )}
                  </div>
                ) : null}
              </div>
            </section>
          );
        }
        if (module.type === 'copy') {
          return (
            <section key={key} className="container ed-copy">
              {module.heading ? <h2>{module.heading}</h2> : null}
              <RichText html={module.html} />
            </section>
          );
        }
        return (
          <section key={key} className="container ed-products" aria-label={module.title || undefined}>
            {module.title ? <h2>{module.title}</h2> : null}
            <ul className="ed-products__list">
              {module.products.map((product) => (
                <li key={product.uid} className="ed-product">
                  <Link to={product.href} className="ed-product__link">
                    <EditorialImage image={product.image} className="ed-product__image" />
                    <span className="ed-product__title">{product.title}</span>
                    {product.tagline ? <span className="ed-product__tagline">{product.tagline}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
