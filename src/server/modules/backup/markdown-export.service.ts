import type { Readable } from 'node:stream';
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
import { type ZipEntry, zipStream } from './zip-writer.ts';

/** Pages (~2 KB each) and tasks read per query. */
const batchSize = 200;

/** Already compressed formats (images, archives, PDFs) are stored as they are: deflating them is wasted time. */
const compressible = (type: string) =>
  type.startsWith('text/') || /json|xml|javascript|csv|markdown|svg/.test(type);

/**
 * The account as a zip of Markdown (docs/backup.md, "Export as Markdown"), produced as the client reads
 * it: the entries are an async generator that reads the rows a batch at a time, and the zip
 * (zip-writer.ts) takes the next entry only when the response has drained the last one, so a page's
 * text, a file's chunks (straight from the attachments store) or a list's tasks are read only when they
 * are written. A client that goes away destroys the stream: the generator stops at its next step and
 * the file being read is destroyed with it.
 */
export function exportMarkdown(deps: AppDeps, userId: string): Readable {
  const db = deps.database.db;
  const exportedAt = deps.now();

  const text = (path: string, markdown: string, mtime: Date): ZipEntry => ({
    kind: 'bytes',
    path,
    mtime,
    bytes: Buffer.from(markdown, 'utf8'),
    compress: true,
  });
  const directory = (path: string): ZipEntry => ({ kind: 'directory', path: `${path}/`, mtime: exportedAt });

  /**
   * A file's bytes; one deleted since the list was read (the sweep, the account's other tab) is an empty
   * file rather than the end of a download already under way.
   */
  async function openFile(id: string): Promise<AsyncIterable<Uint8Array> | Uint8Array[]> {
    try {
      return await openAttachmentStream(deps, userId, id);
    } catch (error) {
      deps.logger.warn({ err: error, attachmentId: id }, 'markdown export: a file went missing');
      return [];
    }
  }

  async function* entries(): AsyncGenerator<ZipEntry> {
    yield text(readmeFile, readmeMarkdown(exportedAt), exportedAt);
    const files = new Map(
      (await accountAttachments(db, userId)).map((file) => [file.id.toLowerCase(), file]),
    );
    const root = new FolderNames([todosFolder, readmeFile]);
    for (const notebook of await exportNotebooks(db, userId)) {
      const notebookDir = root.take(fileSafeName(notebook.title));
      yield directory(notebookDir);
      const sectionNames = new FolderNames();
      for (const section of await exportSections(db, userId, notebook.id)) {
        const dir = `${notebookDir}/${sectionNames.take(fileSafeName(section.title))}`;
        yield directory(dir);
        yield* sectionEntries(dir, section.id, files);
      }
    }
    yield* todoEntries();
    const ics = await datedTasksIcs(deps, userId);
    yield text(`${todosFolder}/${tasksCalendarFile}`, ics, exportedAt);
  }

  /** A section's pages, and each file they point at once in its `files/` folder. */
  async function* sectionEntries(
    dir: string,
    sectionId: string,
    files: Map<string, { id: string; name: string; type: string }>,
  ): AsyncGenerator<ZipEntry> {
    const pageNames = new FolderNames();
    const fileNames = new FolderNames();
    const written = new Map<string, string>();
    let after: Keyset | null = null;
    for (;;) {
      const pages = await exportPages(db, userId, sectionId, after, batchSize);
      for (const page of pages) {
        const updated = new Date(page.updated_at);
        for (const id of attachmentIdsIn(page.content)) {
          const file = files.get(id);
          if (!file || written.has(id)) continue;
          const name = fileNames.take(...splitExtension(fileSafeName(file.name)));
          written.set(id, name);
          yield {
            kind: 'stream',
            path: `${dir}/${attachmentsFolder}/${name}`,
            mtime: updated,
            compress: compressible(file.type),
            open: () => openFile(file.id),
          };
        }
        const markdown =
          frontMatter({ title: page.title, created: page.created_at, updated: page.updated_at }) +
          rewriteAttachmentLinks(page.content, written);
        yield text(`${dir}/${pageNames.take(fileSafeName(page.title), '.md')}`, markdown, updated);
      }
      const last = pages.at(-1);
      if (!last || pages.length < batchSize) return;
      after = { position: last.position, id: last.id };
    }
  }

  async function* todoEntries(): AsyncGenerator<ZipEntry> {
    yield directory(todosFolder);
    const names = new FolderNames([tasksCalendarFile]);
    for (const list of await exportTodoLists(db, userId)) {
      const head = frontMatter({
        title: list.title,
        created: list.created_at,
        updated: list.updated_at,
        type: 'todo-list',
      });
      yield {
        kind: 'stream',
        path: `${todosFolder}/${names.take(fileSafeName(list.title), '.md')}`,
        mtime: new Date(list.updated_at),
        compress: true,
        open: () => listChunks(db, userId, list.id, head),
      };
    }
  }

  /** Whatever ends the download early (a failed read) is logged once here, then ends the stream. */
  async function* logged(): AsyncGenerator<ZipEntry> {
    try {
      yield* entries();
    } catch (error) {
      deps.logger.error({ err: error, userId }, 'markdown export failed');
      throw error;
    }
  }

  return zipStream(logged());
}

/** A list's file, a category heading and a batch of tasks at a time, read as the zip writes it. */
async function* listChunks(db: Db, userId: string, todoId: string, head: string): AsyncGenerator<Buffer> {
  yield Buffer.from(head, 'utf8');
  for (const category of await exportCategories(db, userId, todoId)) {
    yield Buffer.from(categoryHeading(category.title), 'utf8');
    let after: Keyset | null = null;
    for (;;) {
      const tasks = await exportTasks(db, userId, category.id, after, batchSize);
      yield Buffer.from(await tasksMarkdown(db, userId, tasks), 'utf8');
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
