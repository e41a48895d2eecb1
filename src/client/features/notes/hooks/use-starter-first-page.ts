import { useEffect, useState } from 'react';
import { starterTitle, starterWelcomePage } from '../../../../shared/domain/starter.ts';
import { readLocal } from '../../../lib/local-store.ts';
import type { NotesWorkspace } from './use-notes-workspace.ts';
import { selectionStorageKey } from './use-selection.ts';

type Step = { name: 'undecided' } | { name: 'opening'; sectionId: string } | { name: 'done' };

/**
 * A new account's first look on a wide screen (docs/PRODUCT.md §10.3): the starter `Getting started` notebook opens
 * on its `Welcome to Jotlist` page instead of `No page selected`. Only when this device has never kept a
 * selection (a returning user keeps the last one, even an empty one) and the notebook is still there.
 * The tree lists sections, not pages: the notebook's first section is opened, and once its pages arrive
 * the welcome page, unless the user has chosen something else meanwhile. A narrow screen shows its
 * sidebar instead (useSidebarFirstLook).
 */
export function useStarterFirstPage(notes: NotesWorkspace, wide: boolean) {
  const { tree, selection, selectSection, openPage, pagesQuery } = notes;
  const [step, setStep] = useState<Step>(() =>
    readLocal(selectionStorageKey) === null ? { name: 'undecided' } : { name: 'done' },
  );
  const pages = pagesQuery.data?.notes;

  useEffect(() => {
    if (step.name === 'undecided') {
      if (!tree) return;
      const section = tree.notebooks.find((n) => n.title === starterTitle)?.sections[0];
      if (wide && selection.notebookId === null && section) {
        selectSection(section.id);
        setStep({ name: 'opening', sectionId: section.id });
      } else {
        setStep({ name: 'done' });
      }
    } else if (step.name === 'opening') {
      // Chosen otherwise meanwhile (a click, the palette): theirs stands.
      const chosenElse = selection.sectionId !== step.sectionId || selection.noteId !== null;
      if (!chosenElse && !pages) return;
      const page = chosenElse ? undefined : pages?.find((n) => n.title === starterWelcomePage);
      if (page) openPage(page.id, step.sectionId);
      setStep({ name: 'done' });
    }
  }, [step, tree, wide, selection, selectSection, openPage, pages]);
}
