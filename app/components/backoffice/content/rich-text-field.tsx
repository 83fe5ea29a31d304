/**
 * A rich-text field of the content editor (issue 21): a Tiptap editor whose HTML travels in a hidden input named
 * by the field's path, so the form posts as any other. Before the page hydrates (or without JavaScript), and
 * while the editor's code loads, the field is a plain textarea of the same HTML. The server sanitises what is
 * saved (the content validation) and what is rendered (core/rich-text.ts) either way. Tiptap is loaded on demand
 * (its own chunk), and only back-office routes import this module, so it never reaches a storefront page.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

export interface RichTextProps {
  id: string;
  name: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
}

const TiptapEditor = lazy(() => import('./tiptap-editor.tsx'));

function PlainHtml(props: RichTextProps) {
  return (
    <textarea
      id={props.id}
      name={props.name}
      rows={8}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
    />
  );
}

export function RichTextField(props: RichTextProps) {
  // The editor exists only in the browser: the server (and a browser without JavaScript) shows the HTML as text.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <PlainHtml {...props} />;
  return (
    <Suspense fallback={<PlainHtml {...props} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}
