/**
 * Navigation safety (SPEC §8): javascript-like protocols are rejected, and leaving the site needs permission.
 */

const SCRIPT_PROTOCOL = /^(javascript|vbscript|data):/;

/** Browsers ignore control characters and whitespace inside a scheme, so they are ignored here too. */
function schemeOf(href: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return href.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
}

export function isScriptHref(href: string): boolean {
  return SCRIPT_PROTOCOL.test(schemeOf(href));
}

/** An absolute URL (with a scheme) or a protocol-relative one leaves the site. */
export function isExternalHref(href: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(href.trim());
}

export class NavigationError extends Error {
  override name = 'NavigationError';
}

/**
 * Throws on a script URL, and on an external URL unless `external` is allowed; returns the href otherwise.
 * Messages follow the navigation helper of the original framework.
 */
export function assertNavigable(href: string, options: { external?: boolean } = {}): string {
  if (isScriptHref(href)) {
    const protocol = schemeOf(href).split(':')[0];
    throw new NavigationError(`Cannot navigate to a URL with '${protocol}:' protocol.`);
  }
  if (isExternalHref(href) && !options.external) {
    throw new NavigationError(
      'Navigating to an external URL is not allowed by default. Use { external: true }.',
    );
  }
  return href;
}
