import { Suspense } from 'react';
import { Await } from 'react-router';
import type { HomeModule } from '../../lib/catalogue/home.server.ts';
import { SKIP_ON_ERROR } from '../skip-on-error.tsx';
import { BannerModule } from './banner.tsx';
import { ProductGrid } from './product-grid.tsx';

/** The home page from content: modules in the editors' order; the first banner is the page's hero. */
export function HomePage({ modules }: { modules: HomeModule[] }) {
  const firstBanner = modules.findIndex((module) => module.type === 'banners');
  return (
    <div className="home">
      {modules.map((module, index) => {
        if (module.type === 'banners') {
          return (
            <div key={module.key} className={index === firstBanner ? 'home__hero' : 'home__banner container'}>
              <BannerModule banners={module.banners} priority={index === firstBanner} />
            </div>
          );
        }
        if (module.type === 'copy') {
          return (
            <section key={module.key} className="home__copy container">
              {module.heading ? <h2>{module.heading}</h2> : null}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by sanitizeRichText */}
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: module.html }} />
            </section>
          );
        }
        const list = { id: `home_${module.key}`, name: module.title || 'Home products' };
        return (
          <section key={module.key} className="home__products container">
            <Suspense
              fallback={
                <ProductGrid tiles={null} list={list} slider={module.slider} heading={module.title} />
              }
            >
              <Await resolve={module.tiles} errorElement={SKIP_ON_ERROR}>
                {(tiles) =>
                  tiles && tiles.length > 0 ? (
                    <ProductGrid tiles={tiles} list={list} slider={module.slider} heading={module.title} />
                  ) : null
                }
              </Await>
            </Suspense>
          </section>
        );
      })}
    </div>
  );
}
