import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { preloadDisplayText } from './lib/locale/display-text.ts';
import { preloadRenderedParts } from './lib/router/deferred-parts.tsx';
import { ignoreUnhandledAborts } from './lib/router/router-aborts.ts';

ignoreUnhandledAborts(window);

// React Router's own entry, except that it first loads the chunks of the deferred parts the server rendered
// (see deferred-parts.tsx) and the page's display text (display-text.ts), so the first render matches the page.
// Without its text the page stays as the server sent it: links and forms work without JavaScript.
void Promise.all([preloadRenderedParts(document), preloadDisplayText(document)]).then(([, hasText]) => {
  if (!hasText) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
