import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { LazyMarkdownEditor } from '../../../components/markdown/lazy-markdown-editor.tsx';
import {
  clearLocalDraft,
  queueLocalDraft,
  readLocalDraft,
  writeLocalDraft,
} from '../../../lib/local-drafts.ts';
import type { EditOutcome } from '../hooks/use-task-edit.ts';

const m = messages.todos;
/** Typing pauses this long before the text is sent, like a page's autosave. */
export const descriptionSaveDelayMs = 800;

/** The description typed on this device and not yet confirmed by the server (lib/local-drafts.ts). */
export const descriptionDraftKey = (taskId: string) => `jotlist-task-description:${taskId}`;

interface TaskDescriptionProps {
  taskId: string;
  /** The description the task had when it was opened; the editor keeps its own text from then on. */
  initial: string;
  readOnly: boolean;
  onSave(description: string, outcome: EditOutcome): void;
}

/**
 * A task's Markdown description in the notes' editor, smaller. The typed text is the editor's own
 * state (a server answer for an older save never overwrites newer typing); it is sent after a pause,
 * and at once when the editor is left, the task closes or the page is hidden. Like a page, it is kept as
 * a draft on this device until the server confirms exactly that text: a reload, a closed panel or a
 * lost connection keeps it, and it is sent again when the task opens or the connection returns.
 */
export function TaskDescription({ taskId, initial, readOnly, onSave }: TaskDescriptionProps) {
  const key = descriptionDraftKey(taskId);
  const [text, setText] = useState(() => (readOnly ? null : readLocalDraft(key)) ?? initial);
  // What the server is known to hold, or null when unsure (a save failed): the next flush sends.
  const sent = useRef<string | null>(initial);
  const started = useRef(initial);
  const latest = useRef(text);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const box = useRef<HTMLElement>(null);
  const save = useRef(onSave);
  save.current = onSave;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = latest.current;
    if (value === sent.current) return;
    sent.current = value;
    writeLocalDraft(key, value);
    save.current(value, {
      onSuccess: () => {
        if (latest.current === value) clearLocalDraft(key);
      },
      onError: () => {
        if (sent.current === value) sent.current = null;
      },
    });
  }, [key]);

  useEffect(() => {
    const section = box.current;
    // A draft left by an earlier visit is sent at once.
    if (latest.current !== started.current) flush();
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', flush);
    section?.addEventListener('focusout', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', flush);
      section?.removeEventListener('focusout', flush);
      flush();
    };
  }, [flush]);

  const change = useCallback(
    (value: string) => {
      latest.current = value;
      setText(value);
      queueLocalDraft(key, () => value);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, descriptionSaveDelayMs);
    },
    [flush, key],
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
