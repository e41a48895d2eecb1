import { EditorSelection, EditorState, type StateCommand } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { applyCommand, insertLink, leaveEmptyBlock, toggleBlock, toggleInline } from './markdown-format.ts';

/** `text` with `[` `]` marking the selection (or a single `|` for the cursor). */
function state(marked: string): EditorState {
  const cursor = marked.indexOf('|');
  if (cursor >= 0) {
    return EditorState.create({
      doc: marked.replace('|', ''),
      selection: EditorSelection.cursor(cursor),
    });
  }
  const from = marked.indexOf('[');
  const to = marked.indexOf(']') - 1;
  return EditorState.create({
    doc: marked.replace('[', '').replace(']', ''),
    selection: EditorSelection.range(from, to),
  });
}

function run(marked: string, command: StateCommand) {
  const next = applyCommand(state(marked), command);
  const { from, to } = next.selection.main;
  return { text: next.doc.toString(), selected: next.sliceDoc(from, to) };
}

describe('inline formatting', () => {
  it('bolds the selection and unbolds it on a second press', () => {
    const once = run('say [hello] there', toggleInline('**'));
    expect(once).toEqual({ text: 'say **hello** there', selected: 'hello' });
    const twice = applyCommand(
      applyCommand(state('say [hello] there'), toggleInline('**')),
      toggleInline('**'),
    );
    expect(twice.doc.toString()).toBe('say hello there');
  });

  it('unwraps a selection that includes its marks', () => {
    expect(run('say [**hello**] there', toggleInline('**')).text).toBe('say hello there');
  });

  it('italic inside bold adds a mark instead of breaking the bold', () => {
    expect(run('**[word]**', toggleInline('*')).text).toBe('***word***');
  });

  it('puts an empty pair at the cursor', () => {
    expect(run('a |b', toggleInline('*')).text).toBe('a **b');
  });
});

describe('links', () => {
  it('wraps the selection with the url selected', () => {
    expect(run('see [docs] now', insertLink)).toEqual({ text: 'see [docs](url) now', selected: 'url' });
  });

  it('inserts a template with its text selected', () => {
    expect(run('see |', insertLink)).toEqual({ text: 'see [text](url)', selected: 'text' });
  });
});

describe('block toggles', () => {
  it('turns lines into a numbered list and back', () => {
    const on = run('[one\ntwo]', toggleBlock('ordered'));
    expect(on.text).toBe('1. one\n2. two');
    expect(run('[1. one\n2. two]', toggleBlock('ordered')).text).toBe('one\ntwo');
  });

  it('switches a bullet into a checklist and removes it', () => {
    expect(run('- |milk', toggleBlock('check')).text).toBe('- [ ] milk');
    expect(run('- [ ] |milk', toggleBlock('check')).text).toBe('milk');
    expect(run('|milk', toggleBlock('bullet')).text).toBe('- milk');
  });

  it('sets, changes and removes a heading', () => {
    expect(run('|Title', toggleBlock('h1')).text).toBe('# Title');
    expect(run('# |Title', toggleBlock('h3')).text).toBe('### Title');
    expect(run('### |Title', toggleBlock('h3')).text).toBe('Title');
  });

  it('keeps the indentation of a nested item', () => {
    expect(run('  |child', toggleBlock('bullet')).text).toBe('  - child');
  });

  it('quotes a line', () => {
    expect(run('|wise words', toggleBlock('quote')).text).toBe('> wise words');
  });
});

describe('Enter on an empty item', () => {
  it.each([
    ['> quoted\n> |', '> quoted\n'],
    ['- a\n- |', '- a\n'],
    ['1. a\n2. |', '1. a\n'],
    ['- [ ] a\n- [ ] |', '- [ ] a\n'],
  ])('leaves the block: %j', (before, after) => {
    expect(run(before, leaveEmptyBlock).text).toBe(after);
  });

  it('does nothing on a line with text (the continuation handles it)', () => {
    const start = state('> quoted|');
    expect(leaveEmptyBlock({ state: start, dispatch: () => undefined })).toBe(false);
  });
});
