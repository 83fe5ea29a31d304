import { snippetParts } from '../../lib/search/search-view.ts';

/** A search snippet with its matches marked, rendered as text (never as HTML). */
export function SnippetText({ snippet }: { snippet: string | null | undefined }) {
  return (
    <>
      {snippetParts(snippet).map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
        part.mark ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
