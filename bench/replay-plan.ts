// The offline outbox the replay benchmark sends (bench/replay.bench.ts): changes made against a local
// model, in order, each with its own Idempotency-Key; what is created offline has a temporary id, mapped
// to the server's id when its create is answered (as the client's outbox does).
import { randomUUID } from 'node:crypto';

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Resolve = (id: string) => string;

export interface QueuedChange {
  key: string;
  kind: string;
  method: Method;
  /** Path and body, given the ids known so far. */
  request(resolve: Resolve): { path: string; body?: object };
  /** The temporary id this change creates (its answer's `id` is the server's). */
  creates?: string;
}

interface NoteModel {
  id: string;
  section: number;
  title: string;
  version: number;
}
interface TaskModel {
  id: string;
  category: number;
  text: string;
  completed: boolean;
}

/** What the server must hold after the replay: the model's state when the last change was made. */
export interface ExpectedState {
  notes: NoteModel[];
  tasks: TaskModel[];
}

export interface Fixed {
  sections: [string, string];
  todoId: string;
  categories: [string, string];
}

/** 500 changes in a repeating mix: creates, edits, completions, moves and deletes of pages and tasks. */
export function planOutbox(
  count: number,
  fixed: Fixed,
): { changes: QueuedChange[]; expected: ExpectedState } {
  const notes: NoteModel[] = [];
  const tasks: TaskModel[] = [];
  const changes: QueuedChange[] = [];
  let seed = 42;
  // A fixed pseudo-random sequence: every run replays the same outbox.
  const pick = <T>(list: T[]): T | undefined => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return list[seed % Math.max(1, list.length)];
  };
  const push = (change: Omit<QueuedChange, 'key'>) => changes.push({ key: randomUUID(), ...change });
  const createNote = (i: number) => {
    const note = { id: `tmp-note-${i}`, section: i % 2, title: `Offline page ${i}`, version: 1 };
    notes.push(note);
    const sectionId = fixed.sections[note.section];
    push({
      kind: 'create page',
      method: 'POST',
      creates: note.id,
      request: () => ({ path: '/api/notes', body: { sectionId, title: note.title } }),
    });
  };
  const createTask = (i: number) => {
    const task = { id: `tmp-task-${i}`, category: i % 2, text: `Offline task ${i}`, completed: false };
    tasks.push(task);
    const categoryId = fixed.categories[task.category];
    push({
      kind: 'create task',
      method: 'POST',
      creates: task.id,
      request: () => ({ path: '/api/tasks', body: { todoId: fixed.todoId, categoryId, text: task.text } }),
    });
  };
  const inSection = (section: number) =>
    notes.filter((note) => note.section === section).map((note) => note.id);
  const inCategory = (category: number) =>
    tasks.filter((task) => task.category === category).map((task) => task.id);

  for (let i = 0; changes.length < count; i++) {
    const note = pick(notes);
    const task = pick(tasks);
    switch (i % 10) {
      case 2:
        if (note) {
          const baseVersion = note.version;
          note.version += 1;
          note.title = `Edited page ${i}`;
          const body = { title: note.title, content: `Written offline, change ${i}.`, baseVersion };
          push({
            kind: 'edit page',
            method: 'PATCH',
            request: (r) => ({ path: `/api/notes/${r(note.id)}`, body }),
          });
          continue;
        }
        break;
      case 3:
        if (task) {
          task.text = `Edited task ${i}`;
          const body = { text: task.text };
          push({
            kind: 'edit task',
            method: 'PATCH',
            request: (r) => ({ path: `/api/tasks/${r(task.id)}`, body }),
          });
          continue;
        }
        break;
      case 4:
        if (task) {
          task.completed = !task.completed;
          const body = { completed: task.completed };
          push({
            kind: 'complete task',
            method: 'PATCH',
            request: (r) => ({ path: `/api/tasks/${r(task.id)}`, body }),
          });
          continue;
        }
        break;
      case 5:
        if (note) {
          note.section = 1 - note.section;
          const ids = inSection(note.section)
            .filter((id) => id !== note.id)
            .concat(note.id);
          const sectionId = fixed.sections[note.section];
          push({
            kind: 'move page',
            method: 'PUT',
            request: (r) => ({ path: `/api/sections/${sectionId}/notes/order`, body: { ids: ids.map(r) } }),
          });
          continue;
        }
        break;
      case 6:
        if (task) {
          task.category = 1 - task.category;
          const ids = inCategory(task.category)
            .filter((id) => id !== task.id)
            .concat(task.id);
          const categoryId = fixed.categories[task.category];
          push({
            kind: 'move task',
            method: 'PUT',
            request: (r) => ({
              path: `/api/categories/${categoryId}/tasks/order`,
              body: { ids: ids.map(r) },
            }),
          });
          continue;
        }
        break;
      case 7:
        if (note && notes.length > 5) {
          notes.splice(notes.indexOf(note), 1);
          push({
            kind: 'delete page',
            method: 'DELETE',
            request: (r) => ({ path: `/api/notes/${r(note.id)}` }),
          });
          continue;
        }
        break;
      case 8:
        if (task && tasks.length > 5) {
          tasks.splice(tasks.indexOf(task), 1);
          push({
            kind: 'delete task',
            method: 'DELETE',
            request: (r) => ({ path: `/api/tasks/${r(task.id)}` }),
          });
          continue;
        }
        break;
      default:
        break;
    }
    if (i % 2 === 0) createNote(i);
    else createTask(i);
  }
  return { changes, expected: { notes, tasks } };
}
