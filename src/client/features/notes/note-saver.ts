import { mergeText, mergeValue } from '../../../shared/domain/three-way-merge.ts';
import { type Note, type NoteMeta, noteConflictBodySchema } from '../../../shared/schemas/note.ts';
import { ApiError } from '../../lib/api-client.ts';
import { notesApi } from './api.ts';
import { clearDraft, flushDraft, queueDraft, readDraft, writeDraft } from './drafts.ts';

/**
 * One page's autosave: the text being edited, its draft on this device, and the save loop. It outlives
 * the editor (switching pages never drops a pending save) and retries with backoff until the server has
 * the text. A stale save (409) stops the loop and keeps both versions until the user chooses.
 */

export type SaveStatus =
  | 'loading'
  | 'idle'
  | 'pending'
  | 'saving'
  | 'saved'
  | 'offline'
  | 'error'
  | 'conflict';

export interface PageText {
  title: string;
  content: string;
}

export interface SaverSnapshot extends PageText {
  status: SaveStatus;
  loaded: boolean;
  /** The server's message for the last failed save. */
  error: string | null;
  /** The other version during a conflict (theirs), or after "Use theirs" (yours), kept for copying. */
  other: (PageText & { whose: 'theirs' | 'yours' }) | null;
}

export const SAVE_DEBOUNCE_MS = 600;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

type Listener = () => void;

/** What the workspace learns from a page's saves. */
export interface SaverHooks {
  /** The server has a new version (the tree shows its title and date). */
  onSaved(meta: NoteMeta): void;
  /**
   * The server has a new title typed in the title field: `from` is the title before this rename began
   * (one rename lasts while the title field has focus, however many autosaves it takes), `to` the saved one.
   */
  onRenamed?(noteId: string, from: string, to: string): void;
}

export class NoteSaver {
  private snapshot: SaverSnapshot = {
    title: '',
    content: '',
    status: 'loading',
    loaded: false,
    error: null,
    other: null,
  };
  private baseVersion = 0;
  private dirty = false;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = RETRY_FIRST_MS;
  private conflictVersion: number | null = null;
  private readonly listeners = new Set<Listener>();
  /** The title the server holds, as far as this device knows. */
  private serverTitle = '';
  /**
   * The text of version `baseVersion` as this device last had it from the server: the base of the
   * three-way merge when a save meets a newer version (null when unknown, e.g. an old draft).
   */
  private baseText: PageText | null = null;
  /** The server's title when the rename under way began; null when no rename is under way. */
  private renameFrom: string | null = null;
  private titleFocused = false;
  /**
   * This editing session, sent with each save: the server keeps one history version per session (its
   * saves a few minutes apart coalesce). A new one starts when the page is opened again or the app loads.
   */
  private editSession = crypto.randomUUID();
  /** The next save settles a conflict ("Keep mine"): the server keeps the text it replaces. */
  private resolvingConflict = false;

  constructor(
    readonly noteId: string,
    private readonly hooks: SaverHooks,
    private readonly debounceMs = SAVE_DEBOUNCE_MS,
  ) {}

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** True while this device holds text the server has not confirmed. */
  get unsaved() {
    return this.dirty;
  }

  /** The server version the text on screen is based on (a restore is checked against it). */
  get version() {
    return this.baseVersion;
  }

  /** The page was opened (again): its next edits make a new version in its history. */
  startSession() {
    this.editSession = crypto.randomUUID();
  }

  /**
   * Resolves once the server has the text on screen (true), saving now if a save is waiting; false if
   * it cannot get there by itself (a conflict, an error, offline).
   */
  whenSaved(): Promise<boolean> {
    if (!this.dirty) return Promise.resolve(true);
    this.flush();
    return new Promise((resolve) => {
      const stop = this.subscribe(() => {
        const { status } = this.snapshot;
        if (!this.dirty || status === 'conflict' || status === 'error' || status === 'offline') {
          stop();
          resolve(!this.dirty);
        }
      });
    });
  }

  /** A history version was restored on the server: its text replaces what is on screen. */
  restored(note: Note) {
    clearTimeout(this.timer);
    clearDraft(this.noteId);
    this.dirty = false;
    this.conflictVersion = null;
    this.resolvingConflict = false;
    this.baseVersion = note.version;
    this.baseText = { title: note.title, content: note.content };
    this.serverTitle = note.title;
    this.renameFrom = null;
    this.startSession();
    this.update({ title: note.title, content: note.content, status: 'saved', error: null, other: null });
    this.hooks.onSaved(note);
  }

  /** The server's page arrived. A draft from an earlier visit wins and is saved (the server arbitrates). */
  open(note: Note) {
    if (this.snapshot.loaded) {
      // Already editing: our own saves keep baseVersion current; adopt only a newer, untouched page.
      if (!this.dirty && note.version > this.baseVersion) {
        this.baseVersion = note.version;
        this.baseText = { title: note.title, content: note.content };
        this.serverTitle = note.title;
        this.update({ title: note.title, content: note.content, status: 'idle' });
      }
      return;
    }
    this.serverTitle = note.title;
    const draft = readDraft(this.noteId);
    if (draft && (draft.title !== note.title || draft.content !== note.content)) {
      this.baseVersion = draft.baseVersion;
      // The draft's own base, or the server's page when it is still the version the draft began from.
      this.baseText =
        draft.base ??
        (note.version === draft.baseVersion ? { title: note.title, content: note.content } : null);
      this.dirty = true;
      this.update({ title: draft.title, content: draft.content, loaded: true, status: 'pending' });
      void this.save();
      return;
    }
    if (draft) clearDraft(this.noteId);
    this.baseVersion = note.version;
    this.baseText = { title: note.title, content: note.content };
    this.update({ title: note.title, content: note.content, loaded: true, status: 'idle' });
  }

  edit(patch: Partial<PageText>) {
    if (patch.title !== undefined && patch.title !== this.snapshot.title && this.renameFrom === null) {
      this.renameFrom = this.serverTitle;
    }
    this.applyEdit(patch);
  }

  /** The title field gained or lost focus: a rename ends once the field is left and its title saved. */
  focusTitle(focused: boolean) {
    this.titleFocused = focused;
    this.endRenameIfDone();
  }

  /** Undo of a rename: the old title goes back to the server now, and is not itself a rename to undo. */
  restoreTitle(title: string) {
    this.renameFrom = null;
    if (!this.snapshot.loaded || title === this.snapshot.title) return;
    this.applyEdit({ title });
    this.flush();
  }

  private endRenameIfDone() {
    if (!this.titleFocused && this.snapshot.title === this.serverTitle) this.renameFrom = null;
  }

  private applyEdit(patch: Partial<PageText>) {
    const next = {
      title: patch.title ?? this.snapshot.title,
      content: patch.content ?? this.snapshot.content,
    };
    this.dirty = true;
    // Kept on this device before anything is sent: written within a moment, or when the page is left,
    // not in the key press (a 100 KB note's draft takes milliseconds to write).
    queueDraft(this.noteId, { ...next, baseVersion: this.baseVersion, ...this.draftBase() });
    const waiting = this.snapshot.status === 'conflict' || this.snapshot.status === 'error';
    this.update({ ...next, status: waiting ? this.snapshot.status : 'pending' });
    if (this.snapshot.status !== 'conflict') this.schedule(this.debounceMs);
  }

  /** Conflict resolved for my text: save it over the newest version. */
  keepMine() {
    if (this.conflictVersion === null) return;
    this.baseVersion = this.conflictVersion;
    const theirs = this.snapshot.other;
    this.baseText = theirs ? { title: theirs.title, content: theirs.content } : null;
    this.conflictVersion = null;
    this.resolvingConflict = true;
    writeDraft(this.noteId, {
      title: this.snapshot.title,
      content: this.snapshot.content,
      baseVersion: this.baseVersion,
      ...this.draftBase(),
    });
    this.update({ status: 'pending', other: null, error: null });
    void this.save();
  }

  /** Conflict resolved for their text: it replaces mine, and mine stays on screen to copy from. */
  acceptTheirs() {
    const theirs = this.snapshot.other;
    if (this.conflictVersion === null || !theirs) return;
    const mine = { title: this.snapshot.title, content: this.snapshot.content };
    this.baseVersion = this.conflictVersion;
    this.baseText = { title: theirs.title, content: theirs.content };
    this.conflictVersion = null;
    this.dirty = false;
    this.serverTitle = theirs.title;
    this.renameFrom = null;
    clearDraft(this.noteId);
    this.update({
      title: theirs.title,
      content: theirs.content,
      status: 'saved',
      error: null,
      other: { ...mine, whose: 'yours' },
    });
  }

  dismissOther() {
    if (this.snapshot.status !== 'conflict') this.update({ other: null });
  }

  /**
   * The network is back: a save that failed offline goes now instead of when its backoff ends (up to
   * 30 s later), so another device editing the page meanwhile meets this text as soon as possible.
   */
  retryNow() {
    if (!this.dirty || this.snapshot.status !== 'offline') return;
    this.retryDelay = RETRY_FIRST_MS;
    void this.save();
  }

  /** Save now (leaving the page, a retry button). */
  flush() {
    if (this.dirty && this.snapshot.status !== 'conflict') void this.save();
  }

  /** The page is gone (deleted): nothing left to save. */
  dispose() {
    clearTimeout(this.timer);
    this.dirty = false;
    clearDraft(this.noteId);
    this.listeners.clear();
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), delay);
  }

  private async save() {
    clearTimeout(this.timer);
    if (this.inFlight || !this.dirty || this.snapshot.status === 'conflict') return;
    this.inFlight = true;
    const sent = { title: this.snapshot.title, content: this.snapshot.content };
    flushDraft(this.noteId);
    this.update({ status: 'saving' });
    try {
      const meta = await notesApi.saveNote(this.noteId, {
        ...sent,
        baseVersion: this.baseVersion,
        editSession: this.editSession,
        ...(this.resolvingConflict ? { resolvesConflict: true } : {}),
      });
      this.inFlight = false;
      this.resolvingConflict = false;
      this.baseVersion = meta.version;
      this.baseText = sent;
      this.retryDelay = RETRY_FIRST_MS;
      const renamedFrom = sent.title === this.serverTitle ? null : this.renameFrom;
      this.serverTitle = sent.title;
      this.hooks.onSaved(meta);
      if (renamedFrom !== null && renamedFrom !== sent.title) {
        this.hooks.onRenamed?.(this.noteId, renamedFrom, sent.title);
      }
      this.endRenameIfDone();
      if (sent.title === this.snapshot.title && sent.content === this.snapshot.content) {
        this.dirty = false;
        clearDraft(this.noteId);
        this.update({ status: 'saved', error: null });
      } else {
        // Typed while the save travelled: keep the newer text (with the new base) and go again.
        writeDraft(this.noteId, {
          title: this.snapshot.title,
          content: this.snapshot.content,
          baseVersion: this.baseVersion,
          ...this.draftBase(),
        });
        this.update({ status: 'pending', error: null });
        this.schedule(this.debounceMs);
      }
    } catch (error) {
      this.inFlight = false;
      await this.failed(error);
    }
  }

  private async failed(error: unknown) {
    if (error instanceof ApiError && error.status === 409) {
      const conflict = noteConflictBodySchema.safeParse(error.body);
      if (conflict.success) {
        const { current } = conflict.data.error;
        if (this.mergeWith(current)) return;
        this.conflictVersion = current.version;
        this.update({
          status: 'conflict',
          error: error.message,
          other: { title: current.title, content: current.content, whose: 'theirs' },
        });
        return;
      }
    }
    const offline = error instanceof ApiError && error.status === 0;
    const message = error instanceof Error ? error.message : String(error);
    this.update({ status: offline ? 'offline' : 'error', error: message });
    // A read-only account will not start accepting writes by itself; the draft waits for an edit.
    if (error instanceof ApiError && error.code === 'read_only') return;
    this.schedule(this.retryDelay);
    this.retryDelay = Math.min(RETRY_MAX_MS, this.retryDelay * 2);
  }

  /**
   * A newer version met on save: when its edits and ours touch different parts, the merged text is
   * saved over it at once (nothing lost on either side); otherwise false, and the conflict is shown.
   */
  private mergeWith(current: PageText & { version: number }): boolean {
    const base = this.baseText;
    if (!base) return false;
    const title = mergeValue(base.title, this.snapshot.title, current.title);
    const content = mergeText(base.content, this.snapshot.content, current.content);
    if (!title.clean || !content.clean) return false;
    this.baseVersion = current.version;
    this.baseText = { title: current.title, content: current.content };
    this.serverTitle = current.title;
    const merged = { title: title.value, content: content.text };
    writeDraft(this.noteId, { ...merged, baseVersion: this.baseVersion, ...this.draftBase() });
    this.update({ ...merged, status: 'pending', error: null });
    void this.save();
    return true;
  }

  private draftBase(): { base?: PageText } {
    return this.baseText ? { base: this.baseText } : {};
  }

  private update(patch: Partial<SaverSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** Every page's saver for this visit, so leaving a page never cancels its save. */
export class SaverRegistry {
  private readonly savers = new Map<string, NoteSaver>();

  constructor(private readonly hooks: SaverHooks) {}

  get(noteId: string): NoteSaver {
    let saver = this.savers.get(noteId);
    if (!saver) {
      saver = new NoteSaver(noteId, this.hooks);
      this.savers.set(noteId, saver);
    }
    return saver;
  }

  /** The page's saver if this visit has one (an Undo must not revive a page deleted meanwhile). */
  find(noteId: string): NoteSaver | undefined {
    return this.savers.get(noteId);
  }

  remove(noteId: string) {
    this.savers.get(noteId)?.dispose();
    this.savers.delete(noteId);
    clearDraft(noteId);
  }

  /** Pages deleted with their section or notebook. */
  removeAll(noteIds: string[]) {
    for (const id of noteIds) this.remove(id);
  }

  /** The network is back: every save waiting after an offline failure goes now. */
  retryOffline() {
    for (const saver of this.savers.values()) saver.retryNow();
  }

  anyUnsaved(): boolean {
    for (const saver of this.savers.values()) if (saver.unsaved) return true;
    return false;
  }
}
