import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { ClientIdTable } from '../lib/client-ids.ts';
import type { TestContext } from './test-app.ts';

/** Sends one create with these extra body fields (the id, or a malformed one). */
export type Create = (extra: Record<string, unknown>) => Promise<LightMyRequestResponse>;

/** One create whose body accepts `id`, and the table its row lands in. */
export interface ClientIdCase {
  name: string;
  table: ClientIdTable;
  /** A fresh user with whatever parents the create needs, and the create as that user sends it. */
  newCreator(): Promise<Create>;
}

const rowsWithId = async (ctx: TestContext, table: ClientIdTable, id: string) =>
  (await ctx.db.db.selectFrom(table).select('id').where('id', '=', id).execute()).length;

function expectTaken(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toEqual({
    error: { code: 'id_taken', message: messages.api.idTaken, fields: { id: messages.api.idTaken } },
  });
}

/**
 * The same API tests for every create body that accepts `id`: the id is used; the same id again is
 * 409 `id_taken` and writes no second row; another user's id gets the very same answer (nothing tells
 * whose it is); a malformed id is 400 naming the field.
 */
export function clientIdTests(ctx: () => TestContext, cases: readonly ClientIdCase[]): void {
  for (const { name, table, newCreator } of cases) {
    it(`${name}: the row gets the id the create carried`, async () => {
      const id = randomUUID();
      const res = await (await newCreator())({ id });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().id).toBe(id);
      expect(await rowsWithId(ctx(), table, id)).toBe(1);
    });

    it(`${name}: the same id again is 409 id_taken and writes no second row`, async () => {
      const create = await newCreator();
      const id = randomUUID();
      expect((await create({ id })).statusCode).toBe(201);
      expectTaken(await create({ id }));
      expect(await rowsWithId(ctx(), table, id)).toBe(1);
    });

    it(`${name}: another user's id gets the same 409, telling nothing of that row`, async () => {
      const id = randomUUID();
      expect((await (await newCreator())({ id })).statusCode).toBe(201);
      expectTaken(await (await newCreator())({ id }));
      expect(await rowsWithId(ctx(), table, id)).toBe(1);
    });

    it(`${name}: a malformed id is 400 naming the field`, async () => {
      const res = await (await newCreator())({ id: 'not-a-uuid' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(Object.keys(res.json().error.fields)).toEqual(['id']);
    });
  }
}
