import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { MarkdownEditor } from './markdown-editor.tsx';
import { editorText, typeAtEnd } from './markdown-editor-test-helpers.ts';

function renderEditor(value: string, readOnly = false) {
  const onChange = vi.fn();
  const view = render(
    <MarkdownEditor
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      label="Page content"
      placeholder="Start"
    />,
  );
  const body = screen.getByRole('textbox', { name: 'Page content' });
  return { onChange, body, view };
}

it('holds the Markdown exactly and reports each edit as the whole text', async () => {
  const text = '# Plan\n\n- [ ] call Ana\n- **bold** and *it* `code`\n\n\\# not a heading';
  const { onChange, body } = renderEditor(text);
  expect(editorText(body)).toBe(text);
  await typeAtEnd(body, '!');
  // Reported after the next paint, as the whole text.
  await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(`${text}!`));
});

it('draws tasks as named checkboxes that rewrite the marker when clicked', async () => {
  const { onChange, body } = renderEditor('- [ ] call Ana\n[x] bare task\n\n`[ ] in code`');
  const boxes = screen.getAllByRole('checkbox');
  expect(boxes).toHaveLength(2);
  const callAna = screen.getByRole('checkbox', { name: 'call Ana' });
  expect(callAna).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'bare task' })).toBeChecked();

  await userEvent.click(callAna);
  await vi.waitFor(() =>
    expect(onChange).toHaveBeenLastCalledWith('- [x] call Ana\n[x] bare task\n\n`[ ] in code`'),
  );
  expect(screen.getByRole('checkbox', { name: 'call Ana' })).toBeChecked();

  await userEvent.click(screen.getByRole('checkbox', { name: 'bare task' }));
  expect(editorText(body)).toBe('- [x] call Ana\n[ ] bare task\n\n`[ ] in code`');
});

it('formats headings as headings and offers to open safe links only', () => {
  renderEditor('# Launch plan\n\n[site](https://example.com) and [bad](javascript:alert(1))');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Launch plan');
  const open = screen.getAllByRole('link');
  expect(open).toHaveLength(1);
  expect(open[0]).toHaveAttribute('href', 'https://example.com/');
  expect(open[0]).toHaveAccessibleName('Open link https://example.com/');
});

it('applies a new value from outside without reporting it back as an edit', () => {
  const { onChange, body, view } = renderEditor('Mine');
  view.rerender(
    <MarkdownEditor
      value="Theirs, changed in another tab"
      onChange={onChange}
      readOnly={false}
      label="Page content"
      placeholder="Start"
    />,
  );
  expect(editorText(body)).toBe('Theirs, changed in another tab');
  expect(onChange).not.toHaveBeenCalled();
});

it('is read-only for a read-only account: no typing, no toggling', async () => {
  const { onChange, body } = renderEditor('- [ ] call Ana', true);
  expect(body).toHaveAttribute('aria-readonly', 'true');
  expect(body).toHaveAttribute('contenteditable', 'false');
  const box = screen.getByRole('checkbox', { name: 'call Ana' });
  expect(box).toBeDisabled();
  await userEvent.click(box);
  expect(editorText(body)).toBe('- [ ] call Ana');
  expect(onChange).not.toHaveBeenCalled();
});

it('reports an edit at once when the editor goes away before the next paint', async () => {
  const { onChange, body, view } = renderEditor('Draft');
  await typeAtEnd(body, '!');
  view.unmount();
  expect(onChange).toHaveBeenLastCalledWith('Draft!');
  expect(onChange).toHaveBeenCalledTimes(1);
});

it('indents a list item with Ctrl+] and back with Ctrl+[, and moves a line with Alt+Arrow', async () => {
  const { body } = renderEditor('- first\n- second');
  await typeAtEnd(body, '{Control>}[BracketRight]{/Control}');
  expect(editorText(body)).toBe('- first\n  - second');
  await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
  expect(editorText(body)).toBe('  - second\n- first');
  await userEvent.keyboard('{Control>}[BracketLeft]{/Control}');
  expect(editorText(body)).toBe('- second\n- first');
});
