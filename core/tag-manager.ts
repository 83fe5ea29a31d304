/**
 * Tag manager settings (SPEC §5, §7): the container id must look like GTM- followed by uppercase letters or
 * digits; page views go to the `dataLayer` with the event name `content-view` by default.
 */

export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]+$/;
export const DATA_LAYER_NAME = 'dataLayer';
export const DEFAULT_VIEW_EVENT = 'content-view';

export function isValidTagManagerId(id: unknown): id is string {
  return typeof id === 'string' && TAG_MANAGER_ID_PATTERN.test(id);
}

/**
 * §7 page view: the route's tag-manager name if it has one, else its route name, plus the full path; field
 * names as the tag manager integration of the original pushed them.
 */
export function pageViewEvent(route: { name?: string | null; gtmName?: string | null }, fullPath: string) {
  const path = withoutPersonalParams(fullPath);
  return {
    event: DEFAULT_VIEW_EVENT,
    'content-name': path,
    'content-view-name': route.gtmName || route.name || path,
  };
}

/** What a shopper tells the fit finder about themselves (issue 45): in the page's URL, never in a page view. */
const PERSONAL_PARAMS = ['weight', 'pack'];

function withoutPersonalParams(fullPath: string): string {
  const [path = '', search] = fullPath.split(/\?(.*)/s);
  if (search === undefined) return fullPath;
  const params = new URLSearchParams(search);
  if (!PERSONAL_PARAMS.some((name) => params.has(name))) return fullPath;
  for (const name of PERSONAL_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}
