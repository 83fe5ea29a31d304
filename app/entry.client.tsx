import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { preloadRenderedParts } from './lib/router/deferred-parts.tsx';
import { ignoreUnhandledAborts } from './lib/router/router-aborts.ts';

ignoreUnhandledAborts(window);

// React Router's own entry, except that it first loads the chunks of the deferred parts the server rendered
// (see deferred-parts.tsx).
void preloadRenderedParts(document).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
