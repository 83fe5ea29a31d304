import { use } from 'react';
import { useRouteLoaderData } from 'react-router';
import { pluralKey } from '#core/plural.ts';
import type { RootData } from '../../root.tsx';
import { type DisplayText, displayTextOf, loadDisplayText } from './display-text.ts';

const NO_TEXT: DisplayText = {};

/**
 * UI strings from display text (§3), English defaults when the page has no root data (an early error). A
 * numeric `count` picks the language's plural form when the text has one (`{key} one`, core/plural.ts).
 * The dictionary is here before hydration; a navigation to another locale's (or a newer) dictionary suspends
 * the navigation until it has arrived, so the page never shows with keys in place of text.
 */
export function useText(): (key: string, values?: Record<string, string | number>) => string {
  const root = useRouteLoaderData<RootData>('root');
  const ref = root?.shell.text;
  const text = ref ? (displayTextOf(ref) ?? use(loadDisplayText(ref))) : NO_TEXT;
  const language = root?.locale.language ?? 'en';
  return (key, values) => {
    const count = values?.count;
    const chosen =
      typeof count === 'number' ? pluralKey(key, count, language, (candidate) => candidate in text) : key;
    const template = text[chosen] ?? key;
    return values
      ? template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match))
      : template;
  };
}
