/**
 * Display text (§3) travels from the root loader to the browser as one JSON string, not an object: React
 * Router's stream encoder walks every key of an object on every page (about 400 strings), while a string is
 * written as it is. Both sides decode it once per distinct string.
 */
export type DisplayText = Record<string, string>;

const encoded = new WeakMap<object, string>();
const decoded = new Map<string, DisplayText>();
// One entry per content locale is enough; the bound keeps a content editor's many versions from piling up.
const MAX_DECODED = 16;

/** The dictionary as the string the root loader returns; the same object gives the same string. */
export function encodeDisplayText(text: DisplayText): string {
  let json = encoded.get(text);
  if (json === undefined) {
    json = JSON.stringify(text);
    encoded.set(text, json);
  }
  return json;
}

/** The dictionary back out of the root loader's string; a malformed string reads as no text (keys show). */
export function decodeDisplayText(json: string | undefined): DisplayText {
  if (!json) return {};
  let text = decoded.get(json);
  if (text === undefined) {
    try {
      const parsed: unknown = JSON.parse(json);
      text = parsed && typeof parsed === 'object' ? (parsed as DisplayText) : {};
    } catch {
      text = {};
    }
    if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value as string);
    decoded.set(json, text);
  }
  return text;
}
