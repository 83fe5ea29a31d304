import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root.tsx';
import { decodeDisplayText } from './display-text.ts';

/** UI strings from display text (§3), English defaults when the page has no root data (an early error). */
export function useText(): (key: string, values?: Record<string, string | number>) => string {
  const text = decodeDisplayText(useRouteLoaderData<RootData>('root')?.shell.text);
  return (key, values) => {
    const template = text[key] ?? key;
    return values
      ? template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match))
      : template;
  };
}
