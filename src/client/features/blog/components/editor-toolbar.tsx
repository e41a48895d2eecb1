import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import Bold from 'lucide-react/icons/bold';
import Code from 'lucide-react/icons/code';
import Heading2 from 'lucide-react/icons/heading-2';
import Heading3 from 'lucide-react/icons/heading-3';
import ImageIcon from 'lucide-react/icons/image';
import Italic from 'lucide-react/icons/italic';
import LinkIcon from 'lucide-react/icons/link';
import List from 'lucide-react/icons/list';
import ListOrdered from 'lucide-react/icons/list-ordered';
import Quote from 'lucide-react/icons/quote';
import Redo from 'lucide-react/icons/redo';
import SquareCode from 'lucide-react/icons/square-code';
import Undo from 'lucide-react/icons/undo';
import type { ComponentType, SVGProps } from 'react';
import { useState } from 'react';
import { isHttpUrl } from '../../../../shared/domain/blog.ts';
import { UrlDialog } from './url-dialog.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const isLinkUrl = (value: string) => isHttpUrl(value) || /^mailto:[^\s]+$/i.test(value);

function ToolButton({
  label,
  icon: IconComponent,
  pressed,
  disabled = false,
  onClick,
}: {
  label: string;
  icon: Icon;
  /** Undefined for actions (undo, image) that are not on/off. */
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the text selection in the editor when the button is clicked with a mouse.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-md transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:opacity-40 ${
        pressed ? 'bg-blue-100 text-blue-800' : 'text-slate-700 hover:bg-slate-100'
      }`}
    >
      <IconComponent className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-200" />;

/** The formatting buttons above the content; each names itself and shows whether it is on. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      code: current.isActive('code'),
      codeBlock: current.isActive('codeBlock'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const chain = () => editor.chain().focus();
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
      >
        <ToolButton
          label="Heading 2"
          icon={Heading2}
          pressed={active.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          label="Heading 3"
          icon={Heading3}
          pressed={active.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <Divider />
        <ToolButton
          label="Bold"
          icon={Bold}
          pressed={active.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          label="Italic"
          icon={Italic}
          pressed={active.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          label="Inline code"
          icon={Code}
          pressed={active.code}
          onClick={() => chain().toggleCode().run()}
        />
        <Divider />
        <ToolButton
          label="Bullet list"
          icon={List}
          pressed={active.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          label="Numbered list"
          icon={ListOrdered}
          pressed={active.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          label="Quote"
          icon={Quote}
          pressed={active.blockquote}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <ToolButton
          label="Code block"
          icon={SquareCode}
          pressed={active.codeBlock}
          onClick={() => chain().toggleCodeBlock().run()}
        />
        <Divider />
        <ToolButton label="Link" icon={LinkIcon} pressed={active.link} onClick={() => setDialog('link')} />
        <ToolButton label="Image" icon={ImageIcon} onClick={() => setDialog('image')} />
        <Divider />
        <ToolButton
          label="Undo"
          icon={Undo}
          disabled={!active.canUndo}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          label="Redo"
          icon={Redo}
          disabled={!active.canRedo}
          onClick={() => chain().redo().run()}
        />
      </div>
      <UrlDialog
        open={dialog === 'link'}
        onOpenChange={closeDialog}
        title={active.link ? 'Edit link' : 'Add link'}
        fields={[
          { name: 'url', label: 'Link URL', type: 'url', initial: editor.getAttributes('link').href ?? '' },
        ]}
        submitLabel="Apply"
        validate={({ url = '' }) =>
          isLinkUrl(url.trim()) ? null : 'Enter a full http, https or mailto address'
        }
        onSubmit={({ url = '' }) => {
          const href = url.trim();
          // Nothing selected and not in a link: the address itself becomes the linked text.
          if (editor.state.selection.empty && !active.link) {
            chain()
              .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
              .run();
            return;
          }
          chain().extendMarkRange('link').setLink({ href }).run();
        }}
        onRemove={active.link ? () => chain().extendMarkRange('link').unsetLink().run() : undefined}
      />
      <UrlDialog
        open={dialog === 'image'}
        onOpenChange={closeDialog}
        title="Add image"
        fields={[
          { name: 'src', label: 'Image URL', type: 'url' },
          { name: 'alt', label: 'Alt text' },
        ]}
        submitLabel="Insert"
        validate={({ src = '' }) => (isHttpUrl(src.trim()) ? null : 'Enter a full http or https address')}
        onSubmit={({ src = '', alt = '' }) => chain().setImage({ src: src.trim(), alt: alt.trim() }).run()}
      />
    </>
  );
}
