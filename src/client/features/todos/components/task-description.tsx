import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { LazyMarkdownEditor } from '../../../components/markdown/lazy-markdown-editor.tsx';

const m = messages.todos;
/** Typing pauses this long before the text is sent, like a page's autosave. */
export const descriptionSaveDelayMs = 800;

interface TaskDescriptionProps {
  /** The description the task had when it was opened; the editor keeps its own text from then on. */
  initial: string;
  readOnly: boolean;
  onSave(description: string): void;
}

/**
 * A task's Markdown description in the notes' editor, smaller. The typed text is the editor's own
 * state (a server answer for an older save never overwrites newer typing); it is sent after a pause,
 * and at once when the editor is left, the task closes or the page is hidden, so nothing typed is lost.
 */
export function TaskDescription({ initial, readOnly, onSave }: TaskDescriptionProps) {
  const [text, setText] = useState(initial);
  const sent = useRef(initial);
  const latest = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const box = useRef<HTMLElement>(null);
  const save = useRef(onSave);
  save.current = onSave;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (latest.current === sent.current) return;
    sent.current = latest.current;
    save.current(latest.current);
  }, []);

  useEffect(() => {
    const section = box.current;
    window.addEventListener('pagehide', flush);
    section?.addEventListener('focusout', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      section?.removeEventListener('focusout', flush);
      flush();
    };
  }, [flush]);

  const change = useCallback(
    (value: string) => {
      latest.current = value;
      setText(value);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, descriptionSaveDelayMs);
    },
    [flush],
  );

  return (
    <section ref={box} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{m.descriptionLabel}</h3>
      <div className="text-sm [&_.cm-content]:min-h-24!">
        <LazyMarkdownEditor
          value={text}
          onChange={change}
          readOnly={readOnly}
          label={m.descriptionLabel}
          placeholder={m.descriptionPlaceholder}
        />
      </div>
    </section>
  );
}
