import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { memo, useRef } from 'react';
import { proseStyles } from '../../../../shared/blog-prose-styles.ts';
import { styleNonce } from '../../../lib/style-nonce.ts';
import { EditorToolbar } from './editor-toolbar.tsx';

/**
 * The post content editor (Tiptap over ProseMirror): headings, bold, italic, lists, links, quotes,
 * code and images by URL, producing HTML. Only the editor route imports this file, so the library
 * stays out of every other page's download. The HTML it gives is sanitized again by the server.
 * Memoized: typing in the other fields must not re-render the editor and its toolbar.
 */
export const RichTextEditor = memo(function RichTextEditor({
  labelId,
  initialHtml,
  onChange,
}: {
  /** The id of the visible label naming the editing area. */
  labelId: string;
  initialHtml: string;
  onChange(html: string): void;
}) {
  // The latest callback, so the editor (created once) never calls a stale one.
  const changed = useRef(onChange);
  changed.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The page's h1 is the post title: content headings start at level 2.
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          // The server keeps href and rel only; target would be dropped anyway.
          HTMLAttributes: { target: null },
        },
      }),
      Image,
    ],
    content: initialHtml,
    // Tiptap's base styles (ProseMirror's white-space rules) are a <style> element it adds, allowed by
    // the page's CSP through this nonce.
    injectNonce: styleNonce,
    onUpdate: ({ editor: current }) => changed.current(current.getHTML()),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: `${proseStyles} min-h-80 px-4 py-4 text-base leading-7 focus:outline-none sm:px-6`,
      },
    },
  });

  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-blue-600">
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
});
