/**
 * The Tiptap editor of a rich-text field (issue 21), loaded on demand by rich-text-field.tsx so that only an
 * editor page with a rich-text field downloads it. StarterKit: paragraphs, headings, lists, bold, italic, links.
 * It drives @tiptap/core directly rather than through @tiptap/react: the React bindings import `react-dom`, which
 * would split react-dom out of the storefront's entry chunk and add bytes to every storefront page.
 */
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useReducer, useRef, useState } from 'react';
import type { RichTextProps } from './rich-text-field.tsx';

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const chain = () => editor.chain().focus();
  const buttons: Array<{ label: string; text: string; active: boolean; run: () => void }> = [
    { label: 'Bold', text: 'B', active: editor.isActive('bold'), run: () => chain().toggleBold().run() },
    {
      label: 'Italic',
      text: 'I',
      active: editor.isActive('italic'),
      run: () => chain().toggleItalic().run(),
    },
    {
      label: 'Heading',
      text: 'H2',
      active: editor.isActive('heading', { level: 2 }),
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Subheading',
      text: 'H3',
      active: editor.isActive('heading', { level: 3 }),
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bulleted list',
      text: '• List',
      active: editor.isActive('bulletList'),
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      text: '1. List',
      active: editor.isActive('orderedList'),
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: 'Link',
      text: 'Link',
      active: editor.isActive('link'),
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
          key={button.label}
          type="button"
          className="admin-button admin-button--quiet admin-button--small"
          aria-pressed={button.active}
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

export default function TiptapEditor({
  id,
  name,
  labelId,
  value,
  onChange,
  invalid,
  describedBy,
}: RichTextProps) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  // The toolbar shows the marks at the cursor: render again on every transaction.
  const [, rendered] = useReducer((count: number) => count + 1, 0);
  const changed = useRef(onChange);
  changed.current = onChange;
  // The editor is made once per mount with the value it starts from; the form re-mounts it after a save.
  const initial = useRef({ value, invalid, describedBy });

  useEffect(() => {
    if (!host.current) return;
    const start = initial.current;
    const instance = new Editor({
      element: host.current,
      extensions: [
        StarterKit.configure({
          heading: { levels: [2, 3] },
          code: false,
          codeBlock: false,
          link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
        }),
      ],
      content: start.value,
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          'aria-invalid': start.invalid ? 'true' : 'false',
          ...(start.describedBy ? { 'aria-describedby': start.describedBy } : {}),
          class: 'content-rte__area',
        },
      },
      onUpdate: ({ editor: current }) => changed.current(current.isEmpty ? '' : current.getHTML()),
      onTransaction: () => rendered(),
    });
    setEditor(instance);
    return () => {
      instance.destroy();
      setEditor(null);
    };
  }, [id, labelId]);

  const label = (typeof document !== 'undefined' && document.getElementById(labelId)?.textContent) || 'text';
  return (
    <div className="content-rte">
      {editor ? <Toolbar editor={editor} label={label} /> : null}
      <div ref={host} />
      <input type="hidden" name={name} value={value} />
    </div>
  );
}
