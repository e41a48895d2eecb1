import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';

// Until Radix's menu has downloaded (docs/performance.md) a row shows a stand-in: it must look and open like the
// real one. Each test takes a fresh module, so it starts from the stand-in.
let RowMenu: typeof import('./row-menu.tsx').RowMenu;
beforeEach(async () => {
  vi.resetModules();
  ({ RowMenu } = await import('./row-menu.tsx'));
});

it('opens the real menu from the stand-in on the first press, with Rename and Delete', async () => {
  const onRename = vi.fn();
  const onDelete = vi.fn();
  render(<RowMenu name="Work" onRename={onRename} onDelete={onDelete} />);
  const button = screen.getByRole('button', { name: 'More actions for Work' });
  // The stand-in (Radix's trigger carries data-state), named and announced as a menu button all the same.
  expect(button).not.toHaveAttribute('data-state');
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button);
  expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
  expect(onDelete).toHaveBeenCalledTimes(1);
  expect(onRename).not.toHaveBeenCalled();
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});

it('opens from the keyboard too, and a disabled menu never opens', async () => {
  const { unmount } = render(<RowMenu name="Home" disabled onDelete={vi.fn()} />);
  expect(screen.getByRole('button', { name: 'More actions for Home' })).toBeDisabled();
  unmount();
  render(<RowMenu name="Chores" onDelete={vi.fn()} />);
  screen.getByRole('button', { name: 'More actions for Chores' }).focus();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
});
