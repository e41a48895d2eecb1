import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Note, NotesTree } from '../../../shared/schemas/note.ts';
import type { Notebook, Section } from '../../../shared/schemas/notebook.ts';
import { asUser, type SessionCookies, signedInUser } from '../../test/auth-helpers.ts';
import type { TestContext } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A signed-in user's side of the API: plain requests carrying that user's session cookies. */
export interface Api {
  userId: string;
  request(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  tree(): Promise<NotesTree>;
  createNotebook(body?: object): Promise<Notebook>;
  createSection(notebookId: string, body?: object): Promise<Section>;
  createNote(sectionId: string, body?: object): Promise<Note>;
  getNote(id: string): Promise<Note>;
}

export function apiFor(ctx: TestContext, userId: string, cookies: SessionCookies): Api {
  const request = (method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      ...asUser(cookies),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const created = async <T>(res: Promise<LightMyRequestResponse>): Promise<T> => {
    const done = await res;
    expect(done.statusCode, done.body).toBe(201);
    return done.json() as T;
  };
  return {
    userId,
    request,
    async tree() {
      const res = await request('GET', '/api/notes/tree');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as NotesTree;
    },
    createNotebook: (body = {}) => created<Notebook>(request('POST', '/api/notebooks', body)),
    createSection: (notebookId, body = {}) =>
      created<Section>(request('POST', '/api/sections', { notebookId, ...body })),
    createNote: (sectionId, body = {}) =>
      created<Note>(request('POST', '/api/notes', { sectionId, ...body })),
    async getNote(id) {
      const res = await request('GET', `/api/notes/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Note;
    },
  };
}

/** Signs up a fresh user through the real flow and returns their API. */
export async function newUserApi(ctx: TestContext): Promise<Api> {
  const user = await signedInUser(ctx);
  return apiFor(ctx, user.userId, user.cookies);
}

/** The ids of a tree, level by level, in the order the API returned them. */
export function treeIds(tree: NotesTree) {
  return tree.notebooks.map((notebook) => ({
    id: notebook.id,
    sections: notebook.sections.map((section) => ({
      id: section.id,
      notes: section.notes.map((note) => note.id),
    })),
  }));
}

/** `{ error: { code, message, fields? } }` with this status and code. */
export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}
