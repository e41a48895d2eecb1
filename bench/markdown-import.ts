// The Markdown import's figures for `npm run bench -- pages` (docs/performance.md: a zip of 10,000 pages with
// 1,000 files, 500 MB, imported in ≤ 60 s with the server's RSS ≤ 400 MB). The zip is generated into a
// temporary file (never held whole), then uploaded twice through real HTTP: the preview, then the import.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

const MB = 1024 * 1024;
const targets = { seconds: 60, rssMb: 400 };

/** Pages, files and each file's size; MDIMPORT_FILE_KB scales the files down on a small machine. */
const shape = {
  notebooks: 10,
  sectionsPerNotebook: 10,
  pages: 10_000,
  files: 1_000,
  fileBytes: Number(process.env.MDIMPORT_FILE_KB ?? 500) * 1024,
};

/** Writes the vault zip: each tenth page embeds one file, and every page links the next by wiki link. */
async function writeVault(path: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(path));
  const sections = shape.notebooks * shape.sectionsPerNotebook;
  const folder = (i: number) => {
    const s = i % sections;
    return `Notebook ${Math.floor(s / shape.sectionsPerNotebook)}/Section ${s % shape.sectionsPerNotebook}`;
  };
  const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(35);
  for (let i = 0; i < shape.pages; i++) {
    const image = i % (shape.pages / shape.files) === 0 ? `\n\n![[image ${i}.png]]\n` : '';
    const text = `---\ntitle: Page ${i}\ncreated: 2026-01-01T00:00:00.000Z\n---\n# Page ${i}\n\n${filler}\n\nNext: [[Page ${i + 1}]]${image}`;
    zip.addBuffer(Buffer.from(text), `${folder(i)}/Page ${i}.md`);
    if (image)
      zip.addBuffer(randomBytes(shape.fileBytes), `${folder(i)}/files/image ${i}.png`, { compress: false });
  }
  zip.end();
  await done;
}

type Peak = () => number;

/** Uploads the zip (streamed from disk) as the client does, answering the seconds and the server's peak RSS. */
async function send(url: string, token: string, path: string, query: string, peak: Peak) {
  const started = performance.now();
  const res = await fetch(`${url}/api/backup/import?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip' },
    body: Readable.toWeb(createReadStream(path)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`import answered ${res.status}: ${body}`);
  return { seconds: (performance.now() - started) / 1000, rss: peak(), counts: JSON.parse(body).counts };
}

/** Prints the preview's and the import's figures; `resetPeak` clears the server's RSS high-water mark. */
export async function markdownImportFigures(url: string, token: string, resetPeak: () => void, peak: Peak) {
  const dir = await mkdtemp(join(tmpdir(), 'jotlist-mdimport-bench-'));
  try {
    const path = join(dir, 'vault.zip');
    const generated = performance.now();
    await writeVault(path);
    const size = (await stat(path)).size / MB;
    console.log(
      `  Markdown import: a zip of ${shape.pages.toLocaleString('en-US')} pages and ${shape.files} files of ` +
        `${(shape.fileBytes / 1024).toFixed(0)} KB (${size.toFixed(0)} MB; written in ` +
        `${((performance.now() - generated) / 1000).toFixed(1)} s)`,
    );
    for (const [label, query] of [
      ['preview (dry run)', 'dryRun=true'],
      ['import', 'dryRun=false'],
    ] as const) {
      resetPeak();
      const { seconds, rss, counts } = await send(url, token, path, query, peak);
      console.log(
        `  Markdown ${label}: ${seconds.toFixed(1)} s, server peak RSS ${rss.toFixed(0)} MB ` +
          `(${counts.notes} pages, ${counts.files} files; target ≤ ${targets.seconds} s, ≤ ${targets.rssMb} MB)`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
