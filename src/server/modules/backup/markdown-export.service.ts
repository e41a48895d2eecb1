import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import {
  attachmentIdsIn,
  attachmentsFolder,
  categoryHeading,
  FolderNames,
  fileSafeName,
  frontMatter,
  readmeFile,
  readmeMarkdown,
  rewriteAttachmentLinks,
  splitExtension,
  taskMarkdown,
  tasksCalendarFile,
  todosFolder,
} from '../../../shared/domain/markdown-export.ts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { accountAttachments, openAttachmentStream } from '../attachments/index.ts';
import { datedTasksIcs } from '../calendar-feed/index.ts';
import {
  exportCategories,
  exportNotebooks,
  exportPages,
  exportSections,
  exportSubtasks,
  exportTaskLabels,
  exportTasks,
  exportTodoLists,
  type Keyset,
} from './markdown-export.repo.ts';

/** Pages (~2 KB each) and tasks read per query. */
const batchSize = 200;
/**
 * Entries handed to the zip and not yet written out. Each holds at most one page's text or one open file
 * stream, so this bounds memory; the zip writes them one after another as the client reads.
 */
const maxQueued = 16;

/** Already compressed formats (images, archives, PDFs) are stored as they are: deflating them is wasted time. */
const compressible = (type: string) =>
  type.startsWith('text/') || /json|xml|javascript|csv|markdown|svg/.test(type);

/**
 * The account as a zip of Markdown (docs/backup.md, "Export as Markdown"), produced as the client reads
 * it: a producer reads the rows a batch at a time and hands the zip (yazl) one entry at a time, waiting
 * while `maxQueued` entries are still unwritten; each entry's bytes (a page's text, a file's chunks
 * straight from the attachments store, a list's tasks) are made only when the zip writes it, and the zip
 * writes only as fast as the response drains. A client that goes away destroys the stream: the producer
 * stops at its next step and the open file streams are destroyed.
 */
export function exportMarkdown(deps: AppDeps, userId: string): Readable {
  const db = deps.database.db;
  const exportedAt = deps.now();
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let stopped = false;
  let queued = 0;
  let wake: (() => void) | null = null;
  const open = new Set<Readable>();

  const settle = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  output.once('close', () => {
    stopped = true;
    for (const stream of open) stream.destroy();
    settle();
  });
  zip.on('error', (error: Error) => output.destroy(error));

  /** An entry whose bytes are made when the zip gets to it; counted until they have all been read. */
  function add(path: string, mtime: Date, compress: boolean, make: () => Promise<Readable> | Readable) {
    queued += 1;
    zip.addReadStreamLazy(path, { mtime, compress }, (callback) => {
      Promise.resolve()
        .then(make)
        .then(
          (stream: Readable) => {
            open.add(stream);
            // yazl pipes the stream without listening for its errors (a failed read of a file's chunks, of
            // a list's tasks): unheard, one would crash the process. It ends the download instead.
            stream.once('error', (error) => output.destroy(error));
            stream.once('close', () => {
              open.delete(stream);
              queued -= 1;
              settle();
            });
            if (stopped) stream.destroy();
            callback(null, stream);
          },
          (error: Error) => callback(error, Readable.from([])),
        );
    });
  }

  function addText(path: string, text: string, mtime: Date) {
    // Dropped once read: yazl keeps every entry until the end (for the central directory).
    let data: Buffer | null = Buffer.from(text, 'utf8');
    add(path, mtime, true, () => {
      const bytes = data ?? Buffer.alloc(0);
      data = null;
      return Readable.from([bytes], { objectMode: false });
    });
  }

  /**
   * A file's bytes; one deleted since the list was read (the sweep, the account's other tab) is an empty
   * file rather than the end of a download already under way.
   */
  async function openFile(id: string): Promise<Readable> {
    try {
      return await openAttachmentStream(deps, userId, id);
    } catch (error) {
      deps.logger.warn({ err: error, attachmentId: id }, 'markdown export: a file went missing');
      return Readable.from([], { objectMode: false });
    }
  }

  /** Until the zip has caught up, or the client has gone (false: stop). */
  async function room(): Promise<boolean> {
    while (!stopped && queued >= maxQueued) await new Promise<void>((resolve) => (wake = resolve));
    return !stopped;
  }

  async function produce(): Promise<void> {
    addText(readmeFile, readmeMarkdown(exportedAt), exportedAt);
    const files = new Map(
      (await accountAttachments(db, userId)).map((file) => [file.id.toLowerCase(), file]),
    );
    const root = new FolderNames([todosFolder, readmeFile]);
    for (const notebook of await exportNotebooks(db, userId)) {
      const notebookDir = root.take(fileSafeName(notebook.title));
      zip.addEmptyDirectory(notebookDir, { mtime: exportedAt });
      const sectionNames = new FolderNames();
      for (const section of await exportSections(db, userId, notebook.id)) {
        const dir = `${notebookDir}/${sectionNames.take(fileSafeName(section.title))}`;
        zip.addEmptyDirectory(dir, { mtime: exportedAt });
        if (!(await exportSection(dir, section.id, files))) return;
      }
    }
    if (!(await exportTodos())) return;
    const ics = await datedTasksIcs(deps, userId);
    addText(`${todosFolder}/${tasksCalendarFile}`, ics, exportedAt);
    zip.end();
  }

  /** A section's pages, and each file they point at once in its `files/` folder. */
  async function exportSection(
    dir: string,
    sectionId: string,
    files: Map<string, { id: string; name: string; type: string }>,
  ): Promise<boolean> {
    const pageNames = new FolderNames();
    const fileNames = new FolderNames();
    const written = new Map<string, string>();
    let after: Keyset | null = null;
    for (;;) {
      const pages = await exportPages(db, userId, sectionId, after, batchSize);
      for (const page of pages) {
        for (const id of attachmentIdsIn(page.content)) {
          const file = files.get(id);
          if (!file || written.has(id)) continue;
          const name = fileNames.take(...splitExtension(fileSafeName(file.name)));
          written.set(id, name);
          add(`${dir}/${attachmentsFolder}/${name}`, new Date(page.updated_at), compressible(file.type), () =>
            openFile(file.id),
          );
        }
        const text =
          frontMatter({ title: page.title, created: page.created_at, updated: page.updated_at }) +
          rewriteAttachmentLinks(page.content, written);
        addText(`${dir}/${pageNames.take(fileSafeName(page.title), '.md')}`, text, new Date(page.updated_at));
        if (!(await room())) return false;
      }
      const last = pages.at(-1);
      if (!last || pages.length < batchSize) return true;
      after = { position: last.position, id: last.id };
    }
  }

  async function exportTodos(): Promise<boolean> {
    zip.addEmptyDirectory(todosFolder, { mtime: exportedAt });
    const names = new FolderNames([tasksCalendarFile]);
    for (const list of await exportTodoLists(db, userId)) {
      const path = `${todosFolder}/${names.take(fileSafeName(list.title), '.md')}`;
      const head = frontMatter({
        title: list.title,
        created: list.created_at,
        updated: list.updated_at,
        type: 'todo-list',
      });
      add(path, new Date(list.updated_at), true, () =>
        Readable.from(listChunks(db, userId, list.id, head), { objectMode: false }),
      );
      if (!(await room())) return false;
    }
    return true;
  }

  produce().catch((error: unknown) => {
    deps.logger.error({ err: error, userId }, 'markdown export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

/** A list's file, a category heading and a batch of tasks at a time, read as the zip writes it. */
async function* listChunks(db: Db, userId: string, todoId: string, head: string): AsyncGenerator<string> {
  yield head;
  for (const category of await exportCategories(db, userId, todoId)) {
    yield categoryHeading(category.title);
    let after: Keyset | null = null;
    for (;;) {
      const tasks = await exportTasks(db, userId, category.id, after, batchSize);
      yield await tasksMarkdown(db, userId, tasks);
      const last = tasks.at(-1);
      if (!last || tasks.length < batchSize) break;
      after = { position: last.position, id: last.id };
    }
  }
}

async function tasksMarkdown(
  db: Db,
  userId: string,
  tasks: Awaited<ReturnType<typeof exportTasks>>,
): Promise<string> {
  const ids = tasks.map((task) => task.id);
  const [subtasks, labels] = await Promise.all([
    exportSubtasks(db, userId, ids),
    exportTaskLabels(db, userId, ids),
  ]);
  const subtasksOf = groupBy(subtasks, (row) => row.todo_item_id);
  const labelsOf = groupBy(labels, (row) => row.task_id);
  return tasks
    .map((task) =>
      taskMarkdown({
        text: task.text,
        completed: task.completed === 1,
        dueDate: task.due_date,
        dueTime: task.due_time,
        priority: task.priority,
        repeatRule: task.repeat_rule,
        repeatMode: task.repeat_mode,
        description: task.description,
        labels: (labelsOf.get(task.id) ?? []).map((row) => row.name),
        subtasks: (subtasksOf.get(task.id) ?? []).map((row) => ({
          text: row.text,
          completed: row.completed === 1,
        })),
      }),
    )
    .join('');
}

function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row)) ?? [];
    group.push(row);
    groups.set(key(row), group);
  }
  return groups;
}
