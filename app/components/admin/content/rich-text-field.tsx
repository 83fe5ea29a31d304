/**
 * A rich-text field of the content editor (issue 21): a Tiptap editor (StarterKit: paragraphs, headings, lists,
 * bold, italic, links) whose HTML travels in a hidden input named by the field's path, so the form posts as any
 * other. Before the page hydrates (or without JavaScript) the field is a plain textarea of the same HTML. The
 * server sanitises what is saved (the content validation) and what is rendered (core/rich-text.ts) either way.
 * Only back-office routes import this module, so Tiptap never reaches a storefront page.
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';

interface Props {
  id: string;
  name: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
}

function Toolbar({ editor, label }: { editor: NonNullable<ReturnType<typeof useEditor>>; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: Array<{ key: keyof typeof state; label: string; text: string; run: () => void }> = [
    { key: 'bold', label: 'Bold', text: 'B', run: () => chain().toggleBold().run() },
    { key: 'italic', label: 'Italic', text: 'I', run: () => chain().toggleItalic().run() },
    { key: 'h2', label: 'Heading', text: 'H2', run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: 'Subheading', text: 'H3', run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bullets', label: 'Bulleted list', text: '• List', run: () => chain().toggleBulletList().run() },
    { key: 'numbers', label: 'Numbered list', text: '1. List', run: () => chain().toggleOrderedList().run() },
    {
      key: 'link',
      label: 'Link',
      text: 'Link',
      run: () => {
        if (editor.isActive('link')) {
          chain().unsetLink().run();
          return;
        }
        const href = window.prompt('Link to (a site path like /support or an https:// address)');
        if (href) chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
      },
    },
  ];
  return (
    <div className="content-rte__toolbar" role="toolbar" aria-label={`Formatting of ${label}`}>
      {buttons.map((button) => (
        <button
          key={button.key}
          type="button"
          className="admin-button admin-button--quiet admin-button--small"
          aria-pressed={state[button.key]}
          aria-label={button.label}
          title={button.label}
          onClick={button.run}
        >
          {button.text}
        </button>
      ))}
    </div>
  );
}

function TiptapEditor({ id, name, labelId, value, onChange, invalid, describedBy }: Props) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-invalid': invalid ? 'true' : 'false',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'content-rte__area',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const label = (typeof document !== 'undefined' && document.getElementById(labelId)?.textContent) || 'text';
  return (
    <div className="content-rte">
      {editor ? <Toolbar editor={editor} label={label} /> : null}
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={value} />
    </div>
  );
}

export function RichTextField(props: Props) {
  // The editor exists only in the browser: the server (and a browser without JavaScript) shows the HTML as text.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated) return <TiptapEditor {...props} />;
  return (
    <textarea
      id={props.id}
      name={props.name}
      rows={8}
      defaultValue={props.value}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
    />
  );
}
