import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { MarkdownEditor } from './markdown-editor.tsx';
import { editorText } from './markdown-editor-test-helpers.ts';

beforeEach(() => window.localStorage.clear());

function renderEditor(value: string) {
  render(
    <MarkdownEditor
      value={value}
      onChange={vi.fn()}
      readOnly={false}
      label="Page content"
      placeholder="Start"
      toolbar
      toolbarExtra={
        <button type="button" tabIndex={-1}>
          More
        </button>
      }
    />,
  );
  return screen.getByRole('textbox', { name: 'Page content' });
}

it('is one Tab stop whose arrows move between the buttons, extra items included', async () => {
  renderEditor('');
  const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
  const bold = screen.getByRole('button', { name: /^Bold \(Ctrl\+B\)$/ });
  expect(bold).toHaveAttribute('title', 'Bold (Ctrl+B)');
  expect(toolbar.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);

  await userEvent.tab();
  expect(bold).toHaveFocus();
  await userEvent.keyboard('{ArrowRight}');
  expect(screen.getByRole('button', { name: /^Italic/ })).toHaveFocus();
  await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
  expect(screen.getByRole('button', { name: 'Hide toolbar' })).toHaveFocus();
  await userEvent.keyboard('{ArrowLeft}');
  expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
  // The page editor's own Attach file button is in the toolbar too, before any extra item.
  await userEvent.keyboard('{ArrowLeft}');
  expect(screen.getByRole('button', { name: 'Attach file' })).toHaveFocus();
  await userEvent.keyboard('{Home}');
  expect(bold).toHaveFocus();
  await userEvent.keyboard('{End}');
  expect(screen.getByRole('button', { name: 'Hide toolbar' })).toHaveFocus();
  // Only the focused button is in the Tab order.
  expect(toolbar.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
});

it('formats the line it acts on and can be hidden, remembered on this device', async () => {
  const body = renderEditor('milk');
  await userEvent.click(screen.getByRole('button', { name: /^Checklist/ }));
  expect(editorText(body)).toBe('- [ ] milk');

  await userEvent.click(screen.getByRole('button', { name: 'Hide toolbar' }));
  expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  expect(window.localStorage.getItem('jotlist.editorToolbarHidden')).toBe('1');
  await userEvent.click(screen.getByRole('button', { name: 'Show toolbar' }));
  expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
});
