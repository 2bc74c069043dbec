/**
 * The call-masking page (spec §2 "Call masking page", §4, §8, §9; issue 42): its own Vite entry,
 * plain DOM, no framework, no sign-in code. A patient opens the link the practice texted
 * (`/mask/{id}`), reads which practice will call and from which number, and presses the button.
 * The page sends the session's id alone, never a number. States exactly per spec §4: not
 * initiated; initiated (button disabled, 'Starting Call...'); one second later the outcome.
 */
import { maskingIdPattern, maskingStatusDelayMs, maskingTexts, type MaskingPage } from '../../../domain/masking-page.ts';

export type MaskDeps = {
  fetch: typeof fetch;
  /** The API's base ('/api'), from the settings block the server puts into the page. */
  apiBaseUrl: string;
  location: { pathname: string };
  /** Tests: the spec's one-second wait. */
  delayMs?: number;
};

export const maskPageTexts = {
  loading: 'Loading…',
  title: (practice: string) => `${practice} will call you`,
  explain: (number: string) => `Press the button and your phone will ring from ${number}. Answer it and you will be connected to the practice.`,
  noNumber: "The practice's direct line stays private: the call shows this number.",
  button: 'Call me now',
  callsLeft: (n: number) => (n === 1 ? 'This link can start 1 more call.' : `This link can start ${n} more calls.`),
  unavailableTitle: 'This link cannot start a call',
  unavailable: 'It may have expired or been used. Please contact the practice for a new one.',
  loadFailedTitle: 'The page could not be loaded',
  loadFailed: 'Please check your connection and try again.',
  retry: 'Try again',
} as const;

/** `/mask/{id}` → the id (empty when the path has none). */
export const maskingIdOf = (pathname: string) => decodeURIComponent(/^\/mask\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '');

/** +14155550100 → (415) 555-0100 (North American numbers; anything else as it is). */
export const phoneText = (number: string) => {
  const digits = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number);
  return digits ? `(${digits[1]}) ${digits[2]}-${digits[3]}` : number;
};

type Child = Node | string | null | false;
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | undefined> = {}, ...children: Child[]) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== false) element.append(child);
  return element;
}

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
// The heading takes the focus for screen readers; it is no control, so no focus ring.
const heading = 'text-2xl font-semibold [overflow-wrap:break-word] focus:outline-none';
const primaryButton =
  'inline-flex min-h-14 w-full items-center justify-center rounded-xl bg-brand-700 px-5 text-xl font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70';

/** Starts the page in `root`: reads the session, then offers the call (or says the link cannot start one). */
export function startMaskPage(root: HTMLElement, deps: MaskDeps) {
  const id = maskingIdOf(deps.location.pathname);
  const api = `${deps.apiBaseUrl.replace(/\/$/, '')}/call_masking/callMask/${encodeURIComponent(id)}`;
  const delay = deps.delayMs ?? maskingStatusDelayMs;

  const show = (...children: Child[]) => {
    root.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== false));
    root.removeAttribute('aria-busy');
  };
  const focusHeading = () => root.querySelector<HTMLElement>('h1')?.focus();

  const showEnd = (title: string, text: string, retry = false) => {
    document.title = title;
    const button = retry ? h('button', { type: 'button', class: `${primaryButton} mt-5` }, maskPageTexts.retry) : null;
    button?.addEventListener('click', () => void load());
    show(h('section', { class: card, role: 'alert' }, h('h1', { class: heading, tabindex: '-1' }, title), h('p', { class: 'mt-3 text-lg text-slate-700' }, text), button));
    focusHeading();
  };

  const showOffer = (session: MaskingPage) => {
    const title = maskPageTexts.title(session.practiceName);
    document.title = title;
    const button = h('button', { type: 'button', class: `${primaryButton} mt-6` }, maskPageTexts.button);
    const status = h('p', { role: 'status', class: 'mt-4 min-h-7 text-lg font-medium' });
    const left = h('p', { class: 'mt-3 text-base text-slate-600' }, maskPageTexts.callsLeft(session.callsLeft));
    let callsLeft = session.callsLeft;
    button.addEventListener('click', () => {
      if (button.disabled) return;
      // Initiated: the button is disabled and says so, at once.
      button.disabled = true;
      button.textContent = maskingTexts.starting;
      status.textContent = '';
      const started = Date.now();
      const answer = deps
        .fetch(api, { method: 'POST', headers: { Accept: 'application/json' } })
        .then((response) => {
          void response.body?.cancel();
          return response.status === 200;
        })
        .catch(() => false);
      void answer.then(async (ok) => {
        // Spec §9: the outcome one second after the press.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, delay - (Date.now() - started))));
        if (ok) {
          status.textContent = maskingTexts.success;
          status.className = 'mt-4 min-h-7 text-lg font-medium text-green-800';
          callsLeft -= 1;
          left.textContent = maskPageTexts.callsLeft(Math.max(0, callsLeft));
          button.textContent = maskPageTexts.button;
          // One call at a time: the button comes back once the phone has had time to ring.
          setTimeout(() => {
            if (callsLeft > 0) button.disabled = false;
          }, 30_000);
        } else {
          status.textContent = maskingTexts.failure;
          status.className = 'mt-4 min-h-7 text-lg font-medium text-red-800';
          button.textContent = maskPageTexts.button;
          button.disabled = false;
        }
      });
    });
    show(
      h(
        'section',
        { class: card, 'aria-labelledby': 'mask-title' },
        h('h1', { id: 'mask-title', class: heading, tabindex: '-1' }, title),
        h('p', { class: 'mt-3 text-lg text-slate-700' }, maskPageTexts.explain(phoneText(session.callerNumber))),
        h('p', { class: 'mt-2 text-base text-slate-600' }, maskPageTexts.noNumber),
        button,
        status,
        left,
      ),
    );
    focusHeading();
  };

  async function load() {
    root.setAttribute('aria-busy', 'true');
    show(h('p', { class: 'text-lg text-slate-600' }, maskPageTexts.loading));
    root.setAttribute('aria-busy', 'true');
    if (!maskingIdPattern.test(id)) return showEnd(maskPageTexts.unavailableTitle, maskPageTexts.unavailable);
    let response: Response;
    try {
      response = await deps.fetch(api, { headers: { Accept: 'application/json' } });
    } catch {
      return showEnd(maskPageTexts.loadFailedTitle, maskPageTexts.loadFailed, true);
    }
    if (response.status === 404) return showEnd(maskPageTexts.unavailableTitle, maskPageTexts.unavailable);
    if (!response.ok) return showEnd(maskPageTexts.loadFailedTitle, maskPageTexts.loadFailed, true);
    try {
      showOffer((await response.json()) as MaskingPage);
    } catch {
      showEnd(maskPageTexts.loadFailedTitle, maskPageTexts.loadFailed, true);
    }
  }

  void load();
}
