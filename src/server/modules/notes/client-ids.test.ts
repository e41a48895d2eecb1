import { afterAll, beforeAll, describe } from 'vitest';
import { clientIdTests } from '../../test/client-id-cases.ts';
import { testEngines } from '../../test/engines.ts';
import { buildTestApp, type TestContext } from '../../test/test-app.ts';
import { newUserApi } from './notes-test-helpers.ts';

/** Notebooks, sections and pages created with the client's id (docs/client.md: creates show at once). */
describe.each(testEngines)('notes creates carrying their id on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp(engine);
  });
  afterAll(() => ctx.close());

  clientIdTests(
    () => ctx,
    [
      {
        name: 'notebook',
        table: 'notebooks',
        async newCreator() {
          const api = await newUserApi(ctx);
          return (extra) => api.request('POST', '/api/notebooks', extra);
        },
      },
      {
        name: 'section',
        table: 'sections',
        async newCreator() {
          const api = await newUserApi(ctx);
          const notebook = await api.createNotebook();
          return (extra) => api.request('POST', '/api/sections', { notebookId: notebook.id, ...extra });
        },
      },
      {
        name: 'page',
        table: 'notes',
        async newCreator() {
          const api = await newUserApi(ctx);
          const section = await api.createSection((await api.createNotebook()).id);
          return (extra) => api.request('POST', '/api/notes', { sectionId: section.id, ...extra });
        },
      },
    ],
  );
});
