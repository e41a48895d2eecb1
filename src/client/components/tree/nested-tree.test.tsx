import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { NestedTree } from './nested-tree.tsx';

const parents = [{ id: 'n1', title: 'Work', color: '#3b82f6' }];
const sections = [{ id: 's1', title: 'Projects' }];

function Tree({ label }: { label: string }) {
  return (
    <NestedTree
      parents={parents}
      childrenOf={() => sections}
      kinds={{ parent: 'notebook', child: 'section', grandchild: 'note' }}
      label={label}
      childrenLabel="Sections"
      newChildLabel="New section"
      noChildrenText="No sections yet"
      empty={null}
      selectedParentId="n1"
      selectedChildId={null}
      readOnly={false}
      childIcon={null}
      childTrailing={() => null}
      creatingChild={false}
      onCreateChild={() => {}}
      onSelectParent={() => {}}
      onSelectChild={() => {}}
      onRenameParent={() => {}}
      onRenameChild={() => {}}
      onDeleteParent={() => {}}
      onDeleteChild={() => {}}
    />
  );
}

// dnd-kit arrives on the first drag and the tree is mounted again under its context (lazy-dnd.tsx): a
// notebook the person had closed must not spring open under the pointer.
it('a parent closed by the person stays closed when its tree is mounted again', async () => {
  const first = render(<Tree label="Collapsing tree" />);
  expect(screen.getByRole('list', { name: 'Sections of Work' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Work' }));
  expect(screen.queryByRole('list', { name: 'Sections of Work' })).toBeNull();
  first.unmount();

  render(<Tree label="Collapsing tree" />);
  expect(screen.getByRole('list', { name: 'Collapsing tree' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Sections of Work' })).toBeNull();
});
