import { Prec } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { insertLink, leaveEmptyBlock, toggleBlock, toggleInline } from './markdown-format.ts';

/**
 * The formatting keys people type without thinking. Ctrl/Cmd+K is also the command palette: pressed in
 * the editor it makes a link (CodeMirror prevents the default, and the palette's handler skips prevented
 * keys); anywhere else it still opens the palette.
 */
export const formatKeymap = [
  Prec.highest(keymap.of([{ key: 'Enter', run: leaveEmptyBlock }])),
  Prec.high(
    keymap.of([
      { key: 'Mod-b', run: toggleInline('**') },
      { key: 'Mod-i', run: toggleInline('*') },
      { key: 'Mod-k', run: insertLink },
      { key: 'Shift-Mod-7', run: toggleBlock('ordered') },
      { key: 'Shift-Mod-8', run: toggleBlock('bullet') },
      { key: 'Shift-Mod-9', run: toggleBlock('check') },
      { key: 'Mod-Alt-1', run: toggleBlock('h1') },
      { key: 'Mod-Alt-2', run: toggleBlock('h2') },
      { key: 'Mod-Alt-3', run: toggleBlock('h3') },
    ]),
  ),
];
