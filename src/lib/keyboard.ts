import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/**
 * True when a key press belongs to text entry (an input, textarea, select or contenteditable), so
 * single-key shortcuts must not fire.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // Checkboxes, radios and buttons take no text: a letter typed there is still a shortcut.
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
}

/** A plain key press: no Ctrl, Alt or Meta (Shift allowed, it is part of Shift+Enter). */
export const isPlainKey = (event: KeyboardEvent | ReactKeyboardEvent) => !event.ctrlKey && !event.altKey && !event.metaKey;
