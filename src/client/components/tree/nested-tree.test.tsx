import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { NestedTree } from './nested-tree.tsx';

const parents = [
  { id: 'n1', title: 'Work', color: '#3b82f6' },
  { id: 'n2', title: 'Home', color: '#10b981' },
];
const sections = [{ id: 's1', title: 'Projects' }];

function Tree(props: { selected: string; collapsed?: { id: string | null; set(id: string | null): void } }) {
  return (
    <NestedTree
      parents={parents}
      childrenOf={() => sections}
      kinds={{ parent: 'notebook', child: 'section', grandchild: 'note' }}
      label="Notebooks"
      childrenLabel="Sections"
      newChildLabel="New section"
      noChildrenText="No sections yet"
      empty={null}
      selectedParentId={props.selected}
      selectedChildId={null}
      readOnly={false}
      childIcon={null}
      childTrailing={() => null}
      onCreateChild={() => {}}
      onSelectParent={() => {}}
      onSelectChild={() => {}}
      onRenameParent={() => {}}
      onRenameChild={() => {}}
      onDeleteParent={() => {}}
      onDeleteChild={() => {}}
      collapsed={props.collapsed}
    />
  );
}

it('closes the selected parent when it is pressed again, and opens another that becomes selected', async () => {
  const { rerender } = render(<Tree selected="n1" />);
  expect(screen.getByRole('list', { name: 'Sections of Work' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Work' }));
  expect(screen.queryByRole('list', { name: 'Sections of Work' })).toBeNull();
  // Another notebook selected (created, or picked elsewhere) opens: the closing was of Work only.
  rerender(<Tree selected="n2" />);
  expect(screen.getByRole('list', { name: 'Sections of Home' })).toBeInTheDocument();
});

/** Holds the closed parent above a tree it can mount again (as the notes pane does). */
function Pane() {
  const [id, set] = useState<string | null>(null);
  const [mount, setMount] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setMount((m) => m + 1)}>
        Mount again
      </button>
      <Tree key={mount} selected="n1" collapsed={{ id, set }} />
    </>
  );
}

// dnd-kit arrives on the first drag and the tree is mounted again under its context (lazy-dnd.tsx): a
// notebook the person had closed must not spring open under the pointer, so the pane keeps it.
it('a parent closed by the person stays closed when the tree is mounted again by its holder', async () => {
  render(<Pane />);
  await userEvent.click(screen.getByRole('button', { name: 'Work' }));
  expect(screen.queryByRole('list', { name: 'Sections of Work' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Mount again' }));
  expect(screen.getByRole('list', { name: 'Notebooks' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Sections of Work' })).toBeNull();
});
