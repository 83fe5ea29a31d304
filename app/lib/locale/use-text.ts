import { useRouteLoaderData } from 'react-router';
import { pluralKey } from '#core/plural.ts';
import type { RootData } from '../../root.tsx';
import { decodeDisplayText } from './display-text.ts';

/**
 * UI strings from display text (§3), English defaults when the page has no root data (an early error). A
 * numeric `count` picks the language's plural form when the text has one (`{key} one`, core/plural.ts).
 */
export function useText(): (key: string, values?: Record<string, string | number>) => string {
  const root = useRouteLoaderData<RootData>('root');
  const text = decodeDisplayText(root?.shell.text);
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
