/**
 * The chat widget (spec §2 `/astera/chat/{id}`; issue 42): its own Vite entry, plain DOM, no
 * sign-in code, framed by the practice's own sites. Before the visitor opens a chat it shows the
 * practice's name and a Start chat button (or, when a conversation kept in the widget's storage
 * resumes after a reload, the conversation at once). The conversation's code is in the same bundle:
 * all of it is about 4 KB gzip, and a dynamic import would bring Vite's preload helper, a chunk
 * the portal's first screen would then share.
 */
import { chatIdPattern, chatTexts, type ChatWidget } from '../../../domain/chat-widget.ts';
import { openConversation } from './conversation.ts';
import { card, h, heading, primaryButton, readStored, type WidgetDeps } from './dom.ts';

export const widgetTexts = {
  loading: 'Loading…',
  title: (practice: string) => `Chat with ${practice}`,
  intro: 'Send us a message and someone from the practice will answer here. Please do not share urgent medical concerns: call 911 in an emergency.',
  start: 'Start chat',
  unavailableTitle: 'Chat is not available',
  loadFailedTitle: 'The chat could not be loaded',
  loadFailed: 'Please check your connection and try again.',
  retry: 'Try again',
} as const;

/** `/astera/chat/{id}` → the id (empty when the path has none). */
export const widgetIdOf = (pathname: string) => {
  try {
    return decodeURIComponent(/^\/astera\/chat\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '');
  } catch {
    return '';
  }
};

export function startChatWidget(root: HTMLElement, deps: WidgetDeps) {
  const widgetId = widgetIdOf(deps.location.pathname);
  const api = deps.apiBaseUrl.replace(/\/$/, '');

  const show = (...children: Node[]) => {
    root.replaceChildren(...children);
    root.removeAttribute('aria-busy');
  };

  const showEnd = (title: string, text: string, retry = false) => {
    document.title = title;
    const button = retry ? h('button', { type: 'button', class: `${primaryButton} mt-5` }, widgetTexts.retry) : null;
    button?.addEventListener('click', () => void load());
    show(h('section', { class: card, role: 'alert' }, h('h1', { class: heading, tabindex: '-1' }, title), h('p', { class: 'mt-3 text-base text-slate-700' }, text), button));
  };

  /** The intro, with the button that opens the conversation; `focus`: give it the focus (back from a conversation). */
  const showIntro = (widget: ChatWidget, focus = false) => {
    const title = widgetTexts.title(widget.practiceName);
    document.title = title;
    const button = h('button', { type: 'button', class: `${primaryButton} mt-5 w-full` }, widgetTexts.start);
    button.addEventListener('click', () => open(widget, false));
    show(
      h(
        'section',
        { class: card, 'aria-labelledby': 'chat-title' },
        h('h1', { id: 'chat-title', class: heading, tabindex: '-1' }, title),
        h('p', { class: 'mt-3 text-base text-slate-700' }, widgetTexts.intro),
        button,
      ),
    );
    if (focus) button.focus();
  };

  /** Opens the conversation (resuming: the one kept in storage); leaving it comes back to the intro, focus on its button. */
  function open(widget: ChatWidget, resuming: boolean) {
    openConversation(root, deps, { widgetId, practiceName: widget.practiceName, resuming, closed: () => showIntro(widget, true) });
  }

  async function load() {
    root.setAttribute('aria-busy', 'true');
    show(h('p', { class: 'p-4 text-base text-slate-600' }, widgetTexts.loading));
    root.setAttribute('aria-busy', 'true');
    if (!chatIdPattern.test(widgetId)) return showEnd(widgetTexts.unavailableTitle, chatTexts.unavailable);
    let response: Response;
    try {
      response = await deps.fetch(`${api}/chat/public/widgets/${encodeURIComponent(widgetId)}`, { headers: { Accept: 'application/json' } });
    } catch {
      return showEnd(widgetTexts.loadFailedTitle, widgetTexts.loadFailed, true);
    }
    if (response.status === 404) return showEnd(widgetTexts.unavailableTitle, chatTexts.unavailable);
    if (!response.ok) return showEnd(widgetTexts.loadFailedTitle, widgetTexts.loadFailed, true);
    let widget: ChatWidget;
    try {
      widget = (await response.json()) as ChatWidget;
    } catch {
      return showEnd(widgetTexts.loadFailedTitle, widgetTexts.loadFailed, true);
    }
    if (readStored(deps.storage, widgetId)) return open(widget, true);
    showIntro(widget);
  }

  void load();
}
