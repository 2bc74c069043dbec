import { useEffect, useRef } from 'react';
import { attachShellKeys } from '../lib/key-buffer.ts';
import { isTypingTarget } from '../lib/keyboard.ts';
import type { Entry } from './entries.ts';

const SEQUENCE_MS = 1500;

type Handlers = {
  /** Null until the access policy has loaded: keys pressed until then are held, not lost. */
  entries: readonly Entry[] | null;
  onPalette(): void;
  onShortcuts(): void;
  onEntry(entry: Entry): void;
  /** False while a modal (palette, dialog) owns the keyboard. */
  enabled: boolean;
};

/**
 * The global keyboard handler. It never fires while typing in a field, never takes a key with
 * Ctrl/⌘/Alt other than Ctrl+K (so the browser's own Ctrl+W, Ctrl+T… stay the browser's), and
 * reads its sequences from the same entries the palette shows. Keys pressed before it could
 * act (the page starting, the policy loading) are handed to it once it can (see key-buffer).
 */
export function useHotkeys({ entries, onPalette, onShortcuts, onEntry, enabled }: Handlers) {
  const pending = useRef<{ key: string; at: number } | null>(null);
  const latest = useRef({ entries, onPalette, onShortcuts, onEntry, enabled });
  latest.current = { entries, onPalette, onShortcuts, onEntry, enabled };
  const ready = entries !== null;

  useEffect(() => {
    /** Handles one key; true when it was a shortcut (the event's default is then prevented). */
    function handle(event: KeyboardEvent): boolean {
      const { entries, onPalette, onShortcuts, onEntry, enabled } = latest.current;
      if (!entries) return false;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        onPalette();
        return true;
      }
      if (!enabled || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return false;
      if (event.key === '/') {
        onPalette();
        return true;
      }
      if (event.key === '?') {
        onShortcuts();
        return true;
      }
      const key = event.key.toLowerCase();
      if (key.length !== 1) return false;
      const now = Date.now();
      const first = pending.current && now - pending.current.at < SEQUENCE_MS ? pending.current.key : null;
      if (first) {
        pending.current = null;
        const match = entries.find((entry) => entry.shortcut === `${first} ${key}`);
        if (match) onEntry(match);
        return Boolean(match);
      }
      if (entries.some((entry) => entry.shortcut?.startsWith(`${key} `))) {
        pending.current = { key, at: now };
        return true;
      }
      return false;
    }
    function handleKeyDown(event: KeyboardEvent) {
      // Ctrl+K toggles the palette even where a widget took the key (cmdk moves up with it).
      const toggle = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      if (event.defaultPrevented && !toggle) return;
      if (handle(event)) event.preventDefault();
    }
    window.addEventListener('keydown', handleKeyDown);
    if (ready) attachShellKeys();
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [ready]);
}
