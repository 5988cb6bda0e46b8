import { PALETTE_KEY_LABEL } from './keyboard';

/** A keyboard shortcut as listed to the user: its keys, and what they do. */
export type Shortcut = [keys: string, what: string];

/**
 * THE list of the portal's keyboard shortcuts, by where they work: the `?` dialog shows all of it,
 * the chat console's own `?` help shows the chat's part. Add a shortcut here, nowhere else.
 */
export const SHORTCUTS = {
  anywhere: [
    [PALETTE_KEY_LABEL, 'Open the command palette: go to a section or report, find a record, run a command'],
    ['?', 'Show or hide these shortcuts'],
    ['Escape', 'Close the palette, a menu or a dialog'],
  ],
  palette: [
    ['↑ / ↓', 'Move between results'],
    ['Enter', 'Go there, or run the command'],
  ],
  chat: [
    ['Alt + ↑ / Alt + ↓', 'Previous / next chat (focus goes to its message box)'],
    ['Enter', 'Send the message'],
    ['Shift + Enter', 'New line in the message'],
    ['Escape', 'From the message box to the chat list'],
    ['↑ / ↓, Home / End', 'In the chat list: move between chats'],
  ],
} satisfies Record<string, Shortcut[]>;

/** A list of shortcuts as a description list: the keys in <kbd>, then what they do. */
export function ShortcutList({ list }: { list: readonly Shortcut[] }) {
  return (
    <dl>
      {list.map(([keys, what]) => (
        <div key={keys} style={{ display: 'contents' }}>
          <dt>
            <kbd>{keys}</kbd>
          </dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  );
}
