/** The widget's DOM helper: elements with attributes and children; text is always a text node (never HTML). */
export type Child = Node | string | null | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | undefined> = {}, ...children: Child[]) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== false) element.append(child);
  return element;
}

export const card = 'flex min-h-0 flex-1 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';
export const heading = 'text-xl font-semibold [overflow-wrap:break-word] focus:outline-none';
export const primaryButton =
  'inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-700 px-5 text-lg font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-300 bg-white px-4 text-base font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-70';

/** Where the widget keeps its conversation: its own storage (the portal's origin), never a cookie of the practice's site. */
export type Stored = { conversationId: string; token: string };
export const storageKey = (widgetId: string) => `astera-chat:${widgetId}`;

export function readStored(storage: Storage | null, widgetId: string): Stored | null {
  try {
    const value = JSON.parse(storage?.getItem(storageKey(widgetId)) ?? 'null') as Partial<Stored> | null;
    return value && typeof value.conversationId === 'string' && typeof value.token === 'string' ? { conversationId: value.conversationId, token: value.token } : null;
  } catch {
    return null;
  }
}

export function writeStored(storage: Storage | null, widgetId: string, value: Stored | null) {
  try {
    if (value) storage?.setItem(storageKey(widgetId), JSON.stringify(value));
    else storage?.removeItem(storageKey(widgetId));
  } catch {
    // Storage refused (a private window's quota): the conversation lasts as long as the page.
  }
}

export type WidgetDeps = {
  fetch: typeof fetch;
  apiBaseUrl: string;
  location: { pathname: string };
  storage: Storage | null;
  /** Tests: how long to wait before reading again after a dropped connection. */
  retryMs?: number;
};
