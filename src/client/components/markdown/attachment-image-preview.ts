import { RangeSetBuilder } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
  WidgetType,
} from '@codemirror/view';

/** `![alt](/api/attachments/<id>)`: only the product's own files, so a page never loads a foreign address. */
const ownImage = /!\[((?:\\.|[^\]\\])*)\]\((\/api\/attachments\/[0-9a-f-]{36})\)/g;

class ImageWidget extends WidgetType {
  constructor(
    readonly url: string,
    readonly alt: string,
  ) {
    super();
  }
  override eq(other: ImageWidget): boolean {
    return other.url === this.url && other.alt === this.alt;
  }
  /**
   * The server's resized preview (a photo's few MB become a few hundred kB), as a link opening the
   * original in a new tab. An image without a preview (one the server will not decode) shows as
   * itself.
   */
  toDOM(): HTMLElement {
    const wrap = document.createElement('a');
    wrap.className = 'cm-attachment-image';
    wrap.href = this.url;
    wrap.target = '_blank';
    wrap.rel = 'noopener';
    const img = document.createElement('img');
    img.src = `${this.url}/preview`;
    img.addEventListener('error', () => {
      if (img.getAttribute('src') !== this.url) img.src = this.url;
    });
    img.alt = this.alt.replace(/\\(.)/g, '$1');
    img.loading = 'lazy';
    img.decoding = 'async';
    wrap.append(img);
    return wrap;
  }
  override ignoreEvent(): boolean {
    return false;
  }
}

function build(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) {
    const text = view.state.doc.sliceString(from, to);
    for (const match of text.matchAll(ownImage)) {
      const end = from + (match.index ?? 0) + match[0].length;
      builder.add(
        end,
        end,
        Decoration.widget({ widget: new ImageWidget(match[2] ?? '', match[1] ?? ''), side: 1 }),
      );
    }
  }
  return builder.finish();
}

/**
 * Shows a page's own images under their Markdown, which stays as text: the alt text is edited there,
 * like any other words. The preview is scaled to the editor's width and a modest height by CSS; a click
 * opens the original.
 */
export const attachmentImagePreview = [
  ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = build(view);
      }
      update(update: ViewUpdate) {
        if (update.docChanged || update.viewportChanged) this.decorations = build(update.view);
      }
    },
    { decorations: (plugin) => plugin.decorations },
  ),
  EditorView.theme({
    '.cm-attachment-image': { display: 'block', margin: '4px 0' },
    '.cm-attachment-image img': { maxWidth: '100%', maxHeight: '360px', borderRadius: '6px' },
  }),
];
