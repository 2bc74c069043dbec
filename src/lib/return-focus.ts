import { useRef } from 'react';

/**
 * For a Radix layer opened by a button or a key rather than its own Trigger (the Add Name
 * dialog, the side panel): closing gives focus back to what had it when it opened, as a Trigger
 * would get it. Spread onto the layer's Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
