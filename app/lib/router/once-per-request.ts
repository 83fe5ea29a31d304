import type { RouterContextProvider } from 'react-router';

/**
 * A value worked out once per request and shared by the request's loaders (the visitor's session, the staff
 * session). React Router hands each loader and action its own copy of the Request (it rebuilds it to strip
 * `?index`), so a copy cannot be the key: the router context is the one object a request's handlers share.
 * A POST keys by its copy instead: its loaders run after the action and must see what the action changed (a cart
 * the action created sits on the session row, not in the cookie the request came with).
 */
export function oncePerRequest<T>() {
  const kept = new WeakMap<object, T>();
  return (request: Request, context: Readonly<RouterContextProvider>, make: () => T): T => {
    const key = request.method === 'GET' || request.method === 'HEAD' ? context : request;
    if (kept.has(key)) return kept.get(key) as T;
    const value = make();
    kept.set(key, value);
    return value;
  };
}
