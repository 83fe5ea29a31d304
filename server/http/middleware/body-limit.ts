import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../core/image-upload.ts';

/**
 * One request-body limit for the whole server, lowered per part of it, enforced before any handler reads a byte.
 *
 * Handlers read bodies whole (`c.req.text()`, `json()`, React Router's `formData()`), so a limit each handler
 * checks after reading comes too late: a 200 MB POST is already in memory. Here a declared Content-Length
 * over the limit is answered 413 without reading the body, and a chunked body is counted while it streams and
 * refused at the first byte past the limit (Hono's bodyLimit; at most `limit` bytes are ever held).
 */
export interface BodyLimits {
  /** Largest body any route accepts (BODY_LIMIT_BYTES). */
  maxBytes: number;
  /** Lower limits by path prefix; the longest matching prefix wins, and none is above `maxBytes`. */
  routes: readonly { prefix: string; maxBytes: number }[];
  /** Routes that take files, with their own limit: the only ones that may go above `maxBytes`. */
  uploads?: readonly { pattern: RegExp; maxBytes: number }[];
}

/** The back office's product image upload (issue 20): a 20 MB image and the form's other fields. */
export const UPLOAD_ROUTE_LIMITS: NonNullable<BodyLimits['uploads']> = [
  { pattern: /^\/admin\/products\/\d+\/images(?:\.data)?$/, maxBytes: IMAGE_UPLOAD_MAX_BYTES + 64 * 1024 },
  // The content management API's asset upload (issue 21): a file as large as the media upload allows.
  { pattern: /^\/cms\/v3\/assets\/?$/, maxBytes: IMAGE_UPLOAD_MAX_BYTES + 64 * 1024 },
  { pattern: /^\/admin\/content\/assets(?:\.data)?$/, maxBytes: IMAGE_UPLOAD_MAX_BYTES + 64 * 1024 },
];

/** The per-route limits: what each door's largest honest request needs, with room to spare. */
export function defaultRouteLimits(searchBasePath: string): BodyLimits['routes'] {
  return [
    // JSON calls of SPEC §7 (carts, customers, checkout): a cart of 250 lines is ~30 KB.
    { prefix: '/api', maxBytes: 100 * 1024 },
    // A query document is capped at 8 KB by the GraphQL limits; variables add little.
    { prefix: '/graphql', maxBytes: 64 * 1024 },
    // Content delivery reads only: a POST carries query parameters as JSON.
    { prefix: '/cms', maxBytes: 64 * 1024 },
    // The content management API's entries (issue 21): up to BODY_LIMIT_BYTES; delivery's POST form on the same
    // paths stays at 64 KB (server/content/management/protocol/routes.ts).
    { prefix: '/cms/v3/content_types', maxBytes: Number.MAX_SAFE_INTEGER },
    // Hosted-search protocol: a multi_search of a few queries.
    { prefix: searchBasePath, maxBytes: 64 * 1024 },
    // The back office's catalogue CSV import (issue 20): a file of ~100 bytes a variant, still within maxBytes.
    { prefix: '/admin/products/import', maxBytes: 16 * 1024 * 1024 },
    { prefix: '/admin/products/import.data', maxBytes: 16 * 1024 * 1024 },
    // Media and the build manifest take no bodies.
    { prefix: '/media', maxBytes: 0 },
    { prefix: '/builds', maxBytes: 0 },
  ];
}

/** Page form posts (React Router actions): addresses, sign-in, checkout, the longest is a few KB. */
export const PAGE_FORM_LIMIT = 64 * 1024;

function tooLarge(limit: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: limit,
    onError: (c) => {
      // The client may still be sending: say the connection will not be reused, so nothing waits on the rest.
      c.header('Connection', 'close');
      return c.json(
        {
          status: 413,
          title: 'Payload Too Large',
          detail: `Request bodies here are limited to ${limit} bytes`,
        },
        413,
      );
    },
  });
}

function matches(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

export function bodyLimits(limits: BodyLimits): MiddlewareHandler {
  const routes = [...limits.routes]
    .map((route) => ({ prefix: route.prefix, handler: tooLarge(Math.min(route.maxBytes, limits.maxBytes)) }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const pages = tooLarge(Math.min(PAGE_FORM_LIMIT, limits.maxBytes));
  const uploads = (limits.uploads ?? []).map((upload) => ({
    pattern: upload.pattern,
    handler: tooLarge(upload.maxBytes),
  }));
  return (c, next) => {
    // A fetch Request never has a body on GET or HEAD (the Node adapter gives none), and asking would cost
    // every page view the building of a full Request.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const path = c.req.path;
    const upload = uploads.find((entry) => entry.pattern.test(path));
    if (upload) return upload.handler(c, next);
    const route = routes.find((entry) => matches(path, entry.prefix));
    return (route?.handler ?? pages)(c, next);
  };
}
