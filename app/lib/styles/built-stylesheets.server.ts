import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The server bundle is build/server/index.js and the browser's files are in build/client (React Router's build
// layout). Under the Vite dev server this points nowhere, so dev pages keep their links.
const CLIENT_DIR = fileURLToPath(new URL('../client/', import.meta.url));
const BUILT_CSS = /^\/assets\/[\w.-]+\.css$/;
// Built file names carry their content hash: a text once read never changes.
const texts = new Map<string, string | null>();

/** The text of a built stylesheet by its URL (/assets/…css), or null when there is no such file. */
export function builtStylesheet(href: string): string | null {
  if (!BUILT_CSS.test(href)) return null;
  let text = texts.get(href);
  if (text === undefined) {
    try {
      text = readFileSync(`${CLIENT_DIR}${href.slice(1)}`, 'utf8');
    } catch {
      text = null;
    }
    texts.set(href, text);
  }
  return text;
}
