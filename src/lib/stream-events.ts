import { useEffect, useRef } from 'react';

/** The window event notification-stream.ts dispatches for the stream's other events. */
export const streamEventName = 'astera:stream';

/**
 * What a screen hears each time the stream (re)opens: every call may have changed while nothing
 * listened (the list was read before the stream opened, or the connection dropped), so a list or
 * an open call is read again, as after a burst of changes.
 */
export const missedEvent = { name: 'interaction', data: '*' } as const;

/** The named event and data of one server-sent event block (`event: x\ndata: y`); null for a comment or an unnamed block. */
export function parseStreamEvent(block: string): { name: string; data: string } | null {
  const name = /^event: ?(.*)$/m.exec(block)?.[1]?.trim();
  return name ? { name, data: [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n') } : null;
}

/**
 * A screen's listener for a named event of the notifications stream (`interaction`: a call was
 * added to the account's history). The shell keeps the one stream open (useNotificationStream).
 */
export function useStreamEvent(name: string, listener: (data: string) => void) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const handle = (event: Event) => {
      const parsed = parseStreamEvent(String((event as CustomEvent<string>).detail));
      if (parsed?.name === name) latest.current(parsed.data);
    };
    window.addEventListener(streamEventName, handle);
    return () => window.removeEventListener(streamEventName, handle);
  }, [name]);
}
