import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentMaxBytes, isInlineImage } from '../../../shared/domain/attachments.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import {
  attachmentParamsSchema,
  attachmentSchema,
  attachmentUsageSchema,
  uploadQuerySchema,
} from '../../../shared/schemas/attachment.ts';
import type { AppDeps } from '../../deps.ts';
import { readErrors, writeErrors } from '../../lib/route-support.ts';
import { currentUser } from '../auth/index.ts';
import { openPreview, previewableImage } from './attachment-preview.ts';
import {
  attachmentUsage,
  checkDeclaredSize,
  fileStream,
  getAttachment,
  storeAttachment,
} from './attachments.service.ts';

const tags = ['attachments'];

/** `filename*` carries any name; the plain `filename` an ASCII stand-in for old clients. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * /api/attachments: files and images in pages. Registered inside the guarded scope (app.ts): reading
 * needs a user, uploading a writable account (403 `read_only` before the body is read). A file is
 * served to its owner only; to anyone else it does not exist (404). This plugin is its own context, so
 * its catch-all body parser (the upload's raw bytes, any type) is its own.
 */
export function attachmentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Uploads, unread, by request: kept beside it, not as its body, so no hook walks the socket's stream.
    const uploads = new WeakMap<FastifyRequest, Readable>();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (request, payload, done) => {
      uploads.set(request, payload);
      done(null, undefined);
    });
    // An answer given before the upload was read to its end (413, 403) closes the connection: the
    // client may still be sending, and the rest of its body must not be read as the next request.
    app.addHook('onSend', async (request, reply) => {
      const upload = uploads.get(request);
      if (upload && !upload.readableEnded) reply.header('connection', 'close');
    });

    app.post(
      '/api/attachments',
      {
        bodyLimit: attachmentMaxBytes,
        schema: {
          tags,
          summary: 'Upload a file or image (the body is its bytes, the Content-Type its type)',
          description:
            'Stored a chunk at a time as it arrives. At most 25 MB a file; an account holds at most ' +
            '100 MB in the trial and 1 GB when paid (files still arriving count). Answers the address ' +
            'to put in the page. Refused for read-only accounts (403 read_only).',
          querystring: uploadQuerySchema,
          response: { 201: attachmentSchema, ...writeErrors, 413: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        const declared = request.headers['content-length'];
        await checkDeclaredSize(deps.database.db, userId, Number(declared ?? 0));
        const body = uploads.get(request);
        const stored = await storeAttachment(deps, userId, {
          name: request.query.name,
          type: request.headers['content-type'] ?? '',
          ...(declared !== undefined && /^\d+$/.test(declared) ? { declaredSize: Number(declared) } : {}),
          stream: (body ?? Readable.from([])).iterator({ destroyOnReturn: false }),
        });
        return reply.code(201).header('cache-control', 'no-store').send(stored);
      },
    );

    app.get(
      '/api/attachments/usage',
      {
        schema: {
          tags,
          summary: "The account's stored bytes and its limit (Settings' usage bar)",
          response: { 200: attachmentUsageSchema, 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        return reply
          .header('cache-control', 'no-store')
          .send(await attachmentUsage(deps.database.db, userId));
      },
    );

    app.get(
      '/api/attachments/:id',
      {
        schema: {
          tags,
          summary: 'Download a file (its owner only)',
          description:
            'Raster images are inline, everything else (SVG and HTML included) an attachment; every ' +
            'answer is nosniff with a sandbox CSP, private, and revalidated by its ETag (304).',
          params: attachmentParamsSchema,
          response: {
            200: z.unknown().describe('The file'),
            304: z.undefined().describe('Not modified'),
            ...readErrors,
          },
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        const file = await getAttachment(deps.database.db, userId, request.params.id);
        // The bytes under an id never change: the id is the validator.
        const etag = `"${file.id}"`;
        servedHeaders(reply, etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined);
        const bytes = await fileStream(deps, file);
        return reply
          .header('content-type', file.type)
          .header('content-length', file.size)
          .header(
            'content-disposition',
            disposition(isInlineImage(file.type) ? 'inline' : 'attachment', file.name),
          )
          .send(bytes);
      },
    );

    app.get(
      '/api/attachments/:id/preview',
      {
        schema: {
          tags,
          summary: "An image's preview for the editor, at most 1024 px wide, as WebP (its owner only)",
          description:
            'Made on the first request and kept. 404 for files other than PNG, JPEG, WebP and GIF ' +
            '(SVG is never previewed) and for an image that cannot be decoded or has over 50 million ' +
            'pixels. Same headers as the file itself.',
          params: attachmentParamsSchema,
          response: {
            200: z.unknown().describe('The preview (image/webp)'),
            304: z.undefined().describe('Not modified'),
            ...readErrors,
          },
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        const image = await previewableImage(deps, userId, request.params.id);
        // A preview, once made, never changes either.
        const etag = `"${image.id}.preview"`;
        servedHeaders(reply, etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined);
        const preview = await openPreview(deps, userId, image);
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', preview.size)
          .header('content-disposition', disposition('inline', `${image.name}.preview.webp`))
          .send(preview.body);
      },
    );
  };
}

/** What every file answer carries, the 304 included. */
function servedHeaders(reply: FastifyReply, etag: string): void {
  reply
    .header('etag', etag)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    // Opened directly, a file runs nothing and reaches nothing, whatever it holds. The browser's own
    // image viewer (the only file shown inline: raster images) sets style attributes on its body and
    // image, which `default-src 'none'` would block; attributes alone are allowed, never a <style>
    // element, and nothing else is in that document.
    .header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; style-src-attr 'unsafe-inline'; sandbox",
    )
    .header('cross-origin-resource-policy', 'same-origin');
}
