import { createHash } from 'node:crypto';

/** A display-text dictionary, its JSON as sent to browsers, and its version: a hash of exactly those bytes. */
export interface DisplayTextVersion {
  text: Record<string, string>;
  json: string;
  version: string;
}

// The content client builds a fresh dictionary object per call, so the memo is keyed by the JSON itself: the
// same text hashes once. Bounded, so an editor's many drafts over a long run do not pile up.
const versions = new Map<string, string>();
const MAX_VERSIONS = 32;

/**
 * The dictionary's JSON and a short content hash of it. Pages name the version in the dictionary's URL, so a
 * browser may keep that URL for a year (immutable) and a changed text is a new URL.
 */
export function versionedDisplayText(text: Record<string, string>): DisplayTextVersion {
  const json = JSON.stringify(text);
  let version = versions.get(json);
  if (version === undefined) {
    version = createHash('sha256').update(json).digest('hex').slice(0, 16);
    if (versions.size >= MAX_VERSIONS) versions.delete(versions.keys().next().value as string);
    versions.set(json, version);
  }
  return { text, json, version };
}
