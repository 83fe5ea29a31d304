import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import { preloadAllParts } from './lib/router/deferred-parts.tsx';
import { inlineHeadStylesheets } from './lib/styles/inline-head-stylesheets.server.ts';

// The bundle's own copy of the media URL builders is pointed at the image CDN the same way (MEDIA_BASE_URL).
export { configureMediaBaseUrl } from '#core/media-url.ts';
/**
 * React Router's Node entry, plus one thing: the load-context keys leave the route bundle here, so that the
 * server (which runs from source) sets the same key objects the loaders read (`build.entry.module`).
 */
export { requestFactsContext, servicesContext } from './lib/router/load-context.ts';

export const streamTimeout = 5_000;

const HTML = 'text/html; charset=utf-8';

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // The page's type, with its charset (crawlers and link checkers read it before any <meta>), on HEAD as on GET.
  responseHeaders.set('Content-Type', HTML);
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Loaded once per process: a deferred part that suspended here would stream in a boundary of its own, which
  // the browser reveals later than it hydrates, and an update meeting it unrevealed drew it again (the 410
  // page blinked: deferred-parts.tsx).
  await preloadAllParts();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell first and the rest as it streams.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // A boundary already complete when the shell is sent goes out in place: past this many bytes React would
        // send it apart, hidden, and reveal it by script later (decision 0026: the page itself is a boundary).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          // The CSS a first paint needs comes with the HTML instead of blocking it (decision 0016).
          const page = inlineHeadStylesheets();
          pipeline(body, page, () => undefined);
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by React Router; these happen while streaming.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
