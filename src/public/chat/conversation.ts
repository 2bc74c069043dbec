/**
 * An open conversation of the chat widget (issue 42), loaded when the visitor opens the chat.
 *
 * The messages are read after the last one shown (`after`), each read waiting on the server for
 * the next message (a long poll): a dropped connection is retried with the same cursor, so the
 * conversation resumes where it stopped, losing and repeating nothing (a message is shown once,
 * by its number). Every text is a text node: nothing anyone types is ever HTML, a link is text.
 */
import { chatLimits, chatTexts, chatTokenHeader, chatWaitSeconds, type ChatMessage, type ChatMessages, type ChatStarted } from '../../../domain/chat-widget.ts';
import { card, h, heading, primaryButton, readStored, secondaryButton, writeStored, type Stored, type WidgetDeps } from './dom.ts';

export const conversationTexts = {
  you: 'You',
  practice: 'Practice',
  nameLabel: 'Your name (optional)',
  messageLabel: 'Message',
  hint: 'Enter sends; Shift+Enter starts a new line.',
  send: 'Send',
  sending: 'Sending…',
  end: 'End chat',
  close: 'Close',
  newChat: 'Start a new chat',
  reconnecting: 'Connection lost. Reconnecting…',
  reconnected: 'Connected again.',
  log: 'Messages',
} as const;

type Options = { widgetId: string; practiceName: string; resuming: boolean; closed: () => void };

export function openConversation(root: HTMLElement, deps: WidgetDeps, options: Options) {
  const api = deps.apiBaseUrl.replace(/\/$/, '');
  const retryMs = deps.retryMs ?? 1000;
  let stored: Stored | null = readStored(deps.storage, options.widgetId);
  let lastSeq = 0;
  let ended = false;
  let reading: AbortController | null = null;
  let gone = false;

  const title = h('h1', { id: 'chat-title', class: heading, tabindex: '-1' }, `Chat with ${options.practiceName}`);
  // The log is a region of its own (a list inside: the role is not allowed on the list itself).
  const list = h('ol', { class: 'flex flex-col gap-2' });
  const log = h('div', { class: 'mt-3 min-h-40 flex-1 overflow-y-auto', role: 'log', 'aria-live': 'polite', 'aria-label': conversationTexts.log, tabindex: '0' }, list);
  const status = h('p', { role: 'status', class: 'mt-2 min-h-6 text-sm text-slate-700' });
  const nameInput = h('input', { id: 'chat-name', type: 'text', autocomplete: 'name', maxlength: String(chatLimits.name), class: 'mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-base' });
  const nameField = h('div', { class: 'mt-3' }, h('label', { for: 'chat-name', class: 'text-sm font-medium' }, conversationTexts.nameLabel), nameInput);
  const textArea = h('textarea', {
    id: 'chat-message',
    rows: '2',
    maxlength: String(chatLimits.text),
    'aria-describedby': 'chat-hint chat-error',
    class: 'mt-1 w-full resize-none rounded-lg border border-slate-400 px-3 py-2 text-base',
  });
  const error = h('p', { id: 'chat-error', class: 'min-h-5 text-sm text-red-800' });
  const send = h('button', { type: 'submit', class: `${primaryButton} flex-1` }, conversationTexts.send);
  const end = h('button', { type: 'button', class: secondaryButton }, conversationTexts.end);
  const form = h(
    'form',
    { class: 'mt-2', novalidate: '' },
    h('label', { for: 'chat-message', class: 'text-sm font-medium' }, conversationTexts.messageLabel),
    textArea,
    h('p', { id: 'chat-hint', class: 'text-xs text-slate-600' }, conversationTexts.hint),
    error,
    h('div', { class: 'mt-1 flex gap-2' }, send, end),
  );
  const after = h('div', { class: 'mt-3 flex gap-2' });

  root.replaceChildren(h('section', { class: card, 'aria-labelledby': 'chat-title' }, title, log, status, stored ? null : nameField, form, after));
  root.removeAttribute('aria-busy');
  textArea.focus();

  const headers = (token: string): Record<string, string> => ({ Accept: 'application/json', 'Content-Type': 'application/json', [chatTokenHeader]: token });

  function show(message: ChatMessage) {
    if (message.seq <= lastSeq) return;
    lastSeq = message.seq;
    const who = message.sender === 'patient' ? conversationTexts.you : message.sender === 'staff' ? (message.senderName ?? conversationTexts.practice) : null;
    const bubble =
      message.sender === 'system'
        ? h('li', { class: 'self-center text-sm text-slate-600' }, message.text)
        : h(
            'li',
            { class: message.sender === 'patient' ? 'max-w-[85%] self-end rounded-2xl bg-brand-700 px-3 py-2 text-white' : 'max-w-[85%] self-start rounded-2xl bg-slate-100 px-3 py-2 text-slate-900' },
            h('span', { class: 'sr-only' }, `${who}: `),
            h('span', { class: 'block text-xs opacity-80', 'aria-hidden': 'true' }, who ?? ''),
            h('span', { class: 'whitespace-pre-wrap [overflow-wrap:anywhere]' }, message.text),
          );
    list.append(bubble);
    log.scrollTop = log.scrollHeight;
  }

  function showEnded() {
    if (ended) return;
    ended = true;
    reading?.abort();
    form.hidden = true;
    nameField.remove();
    status.textContent = chatTexts.ended;
    writeStored(deps.storage, options.widgetId, null);
    stored = null;
    const again = h('button', { type: 'button', class: `${primaryButton} flex-1` }, conversationTexts.newChat);
    again.addEventListener('click', () => {
      gone = true;
      options.closed();
    });
    after.replaceChildren(again);
    again.focus();
    // Ended because the practice turned web chat off (issue 42)? Then no new chat can start: say
    // so in place of the button, which would only lead to the same answer.
    void widgetGone().then((off) => {
      if (!off || gone) return;
      const note = h('p', { class: 'text-base text-slate-700', tabindex: '-1' }, chatTexts.unavailable);
      after.replaceChildren(note);
      status.textContent = `${chatTexts.ended} ${chatTexts.unavailable}`;
      note.focus();
    });
  }

  /** Whether the practice's widget is gone (turned off): its read answers 404. A failed read says nothing. */
  async function widgetGone() {
    try {
      const response = await deps.fetch(`${api}/chat/public/widgets/${encodeURIComponent(options.widgetId)}`, { headers: { Accept: 'application/json' } });
      return response.status === 404;
    } catch {
      return false;
    }
  }

  /** Reads and waits for messages until the conversation ends or the widget leaves it; a lost connection is retried with the same cursor. */
  async function readLoop() {
    let failures = 0;
    while (stored && !ended && !gone) {
      reading = new AbortController();
      try {
        const response = await deps.fetch(`${api}/chat/public/conversations/${encodeURIComponent(stored.conversationId)}/messages?after=${lastSeq}&wait=${chatWaitSeconds}`, {
          headers: headers(stored.token),
          signal: reading.signal,
        });
        if (response.status === 404) {
          // The conversation is gone (or the storage held another's): start over.
          writeStored(deps.storage, options.widgetId, null);
          gone = true;
          options.closed();
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        const read = (await response.json()) as ChatMessages;
        if (failures > 0) status.textContent = conversationTexts.reconnected;
        failures = 0;
        for (const message of read.messages) show(message);
        if (read.ended) showEnded();
      } catch {
        if (ended || gone) return;
        failures += 1;
        status.textContent = conversationTexts.reconnecting;
        await new Promise((resolve) => setTimeout(resolve, Math.min(retryMs * failures, 5000)));
      }
    }
  }

  async function submit() {
    const text = textArea.value.trim();
    error.textContent = '';
    if (text === '') {
      error.textContent = chatTexts.empty;
      textArea.setAttribute('aria-invalid', 'true');
      textArea.focus();
      return;
    }
    textArea.removeAttribute('aria-invalid');
    send.disabled = true;
    send.textContent = conversationTexts.sending;
    try {
      let response: Response;
      if (stored) {
        response = await deps.fetch(`${api}/chat/public/conversations/${encodeURIComponent(stored.conversationId)}/messages`, { method: 'POST', headers: headers(stored.token), body: JSON.stringify({ text }) });
      } else {
        const name = nameInput.value.trim();
        response = await deps.fetch(`${api}/chat/public/widgets/${encodeURIComponent(options.widgetId)}/conversations`, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ text, name: name === '' ? null : name }),
        });
        if (response.status === 201) {
          const started = (await response.json()) as ChatStarted;
          stored = { conversationId: started.conversationId, token: started.token };
          writeStored(deps.storage, options.widgetId, stored);
          nameField.remove();
          void readLoop();
        }
      }
      if (response.status === 201) {
        textArea.value = '';
      } else if (response.status === 409) {
        showEnded();
      } else {
        error.textContent = response.status === 429 ? chatTexts.tooMany : response.status === 404 ? chatTexts.unavailable : chatTexts.failed;
      }
    } catch {
      error.textContent = chatTexts.failed;
    } finally {
      send.disabled = false;
      send.textContent = conversationTexts.send;
      if (!ended) textArea.focus();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!send.disabled) void submit();
  });
  textArea.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  end.addEventListener('click', () => {
    if (!stored) {
      // Nothing sent yet: closing goes back to the start.
      gone = true;
      options.closed();
      return;
    }
    const { conversationId, token } = stored;
    end.disabled = true;
    void deps
      .fetch(`${api}/chat/public/conversations/${encodeURIComponent(conversationId)}/end`, { method: 'POST', headers: headers(token) })
      .then((response) => {
        if (response.ok || response.status === 404) showEnded();
        else error.textContent = chatTexts.failed;
      })
      .catch(() => {
        error.textContent = chatTexts.failed;
      })
      .finally(() => {
        end.disabled = false;
      });
  });

  if (stored) void readLoop();
}
