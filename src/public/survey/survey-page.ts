/**
 * The patients' survey page (issue 11, ARCHITECTURE "Public pages are small and separate"): its
 * own Vite entry, plain DOM and no framework, no sign-in code. A patient opens the SMS link
 * (`/survey/{campaignId}?externalId=…&externalUser=…`), sees the campaign's question, picks an
 * answer (a native radio group: Tab into it, arrows choose), optionally writes a comment, and sends.
 * Everything shown is set as text, never as HTML.
 */
import type { AnswerKey, PublicCampaign } from '../../../domain/campaigns.ts';
import { campaignLimits, recipientTokenMaxLength, recipientTokenParam } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';

export type SurveyDeps = {
  fetch: typeof fetch;
  /** The API's base ('/api'), from the settings block the server puts into the page. */
  apiBaseUrl: string;
  location: { pathname: string; search: string };
};

/** Texts of the page beyond the API's own messages. */
export const surveyTexts = {
  loading: 'Loading the survey…',
  unavailableTitle: 'Survey unavailable',
  loadFailed: 'The survey could not be loaded. Please check your connection and try again.',
  retry: 'Try again',
  chooseAnswer: 'Please choose an answer.',
  send: 'Send',
  sending: 'Sending…',
  sendFailed: 'Your answer could not be sent. Please check your connection and try again.',
  thanksTitle: 'Thank you',
  receivedTitle: 'Already received',
  commentHint: (max: number) => `Optional, up to ${max} characters.`,
} as const;

/** `/survey/{campaignId}` → the id (empty when the path has none). */
export const campaignIdOf = (pathname: string) => decodeURIComponent(/^\/survey\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '');

/**
 * The link's query (`?externalId=…&externalUser=…&utm=…`), kept with the response: every parameter
 * within the API's bounds (extra names and over-long values are left out rather than refusing the
 * patient's answer); externalId and externalUser are also sent on their own. The recipient's token
 * (issue 40: it lets this link hear that its answer was already received) is sent on its own and
 * never kept with the answer.
 */
export function linkParameters(search: string) {
  const queryParameters: Record<string, string> = {};
  const params = new URLSearchParams(search);
  const token = params.get(recipientTokenParam);
  params.delete(recipientTokenParam);
  for (const [name, value] of params) {
    if (Object.keys(queryParameters).length >= campaignLimits.queryParameters) break;
    if (name.length === 0 || name.length > campaignLimits.queryParameterName || value.length > campaignLimits.queryParameterValue) continue;
    if (!(name in queryParameters)) queryParameters[name] = value;
  }
  const bounded = (value: string | undefined, max: number) => (value && value.length <= max ? value : null);
  return {
    externalId: bounded(queryParameters.externalId, campaignLimits.externalId),
    externalUser: bounded(queryParameters.externalUser, campaignLimits.externalUser),
    queryParameters,
    token: bounded(token ?? undefined, recipientTokenMaxLength),
  };
}

type Child = Node | string | null | false;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | undefined> = {}, ...children: Child[]) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== false) element.append(child);
  return element;
}

const svgNs = 'http://www.w3.org/2000/svg';
function svg(name: string, attributes: Record<string, string>, ...children: SVGElement[]) {
  const element = document.createElementNS(svgNs, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  element.append(...children);
  return element;
}

const thumb = 'M7 11v9H4a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3Zm0 0 4-8a2 2 0 0 1 2 2v4h5.5a2 2 0 0 1 2 2.3l-1.2 7a2 2 0 0 1-2 1.7H7';
const mouths: Partial<Record<AnswerKey, string>> = {
  good: 'M8 14.5c1 1.5 2.4 2.2 4 2.2s3-.7 4-2.2',
  neutral: 'M8.5 15.5h7',
  bad: 'M8 16.5c1-1.5 2.4-2.2 4-2.2s3 .7 4 2.2',
};

/** The picture of a choice (decorative: the choice's label names it). */
function choiceIcon(key: AnswerKey) {
  const frame = { viewBox: '0 0 24 24', class: 'h-10 w-10', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.6', 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'aria-hidden': 'true' };
  if (key === 'up' || key === 'down') return svg('svg', frame, svg('path', { d: thumb, ...(key === 'down' ? { transform: 'rotate(180 12 12)' } : {}) }));
  return svg(
    'svg',
    frame,
    svg('circle', { cx: '12', cy: '12', r: '9' }),
    svg('circle', { cx: '9', cy: '10', r: '0.6', fill: 'currentColor' }),
    svg('circle', { cx: '15', cy: '10', r: '0.6', fill: 'currentColor' }),
    svg('path', { d: mouths[key] ?? '' }),
  );
}

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const primaryButton =
  'inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 px-5 text-lg font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60';

/** The API's error message when the answer carries one: a field's own message first (it says what was wrong). */
async function errorMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown; fields?: Record<string, unknown> } };
    const field = Object.values(body.error?.fields ?? {}).find((message) => typeof message === 'string');
    if (typeof field === 'string') return field;
    return typeof body.error?.message === 'string' ? body.error.message : null;
  } catch {
    return null;
  }
}

/** Starts the page in `root`: loads the campaign, then shows the form, a refusal or the thanks. */
export function startSurvey(root: HTMLElement, deps: SurveyDeps) {
  const campaignId = campaignIdOf(deps.location.pathname);
  const link = linkParameters(deps.location.search);
  const api = (path: string) => `${deps.apiBaseUrl.replace(/\/$/, '')}${path}`;

  /** Replaces the page's content; the heading takes the focus so a screen reader reads the new state. */
  const show = (...children: Child[]) => {
    root.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== false));
    root.removeAttribute('aria-busy');
  };
  const focusHeading = () => root.querySelector<HTMLElement>('h1')?.focus();

  /** A final page: a heading and one sentence (thanks, already received, unavailable). */
  const showEnd = (title: string, text: string, role?: 'status' | 'alert') => {
    document.title = title;
    show(h('section', { class: card, role }, h('h1', { class: 'text-2xl font-semibold', tabindex: '-1' }, title), h('p', { class: 'mt-3 text-lg text-slate-700' }, text)));
    focusHeading();
  };

  const showLoadFailed = () => {
    const retry = h('button', { type: 'button', class: `${primaryButton} mt-5` }, surveyTexts.retry);
    retry.addEventListener('click', () => void load());
    show(h('section', { class: card, role: 'alert' }, h('h1', { class: 'text-2xl font-semibold', tabindex: '-1' }, surveyTexts.unavailableTitle), h('p', { class: 'mt-3 text-lg' }, surveyTexts.loadFailed), retry));
  };

  const load = async () => {
    root.setAttribute('aria-busy', 'true');
    root.replaceChildren(h('p', { class: 'text-lg text-slate-700', role: 'status' }, surveyTexts.loading));
    if (!campaignId) return showEnd(surveyTexts.unavailableTitle, messages.surveyUnavailable, 'alert');
    let response: Response;
    try {
      // With the link's externalId and its token, the server also says whether this link's answer was already received.
      const asked = new URLSearchParams();
      if (link.externalId) asked.set('externalId', link.externalId);
      if (link.externalId && link.token) asked.set(recipientTokenParam, link.token);
      const query = asked.size > 0 ? `?${asked.toString()}` : '';
      response = await deps.fetch(api(`/surveys/public/campaigns/${encodeURIComponent(campaignId)}${query}`), { headers: { accept: 'application/json' } });
    } catch {
      return showLoadFailed();
    }
    if (response.status === 404 || response.status === 400 || response.status === 410) return showEnd(surveyTexts.unavailableTitle, messages.surveyUnavailable, 'alert');
    if (response.status === 429) return showEnd(surveyTexts.unavailableTitle, messages.surveyTooManyRequests, 'alert');
    if (!response.ok) return showLoadFailed();
    const campaign = (await response.json()) as PublicCampaign;
    if (campaign.received) return showEnd(surveyTexts.receivedTitle, messages.surveyAlreadyReceived, 'status');
    showForm(campaign);
  };

  const showForm = (campaign: PublicCampaign) => {
    document.title = `${campaign.name} – Survey`;
    const legendId = 'survey-question';
    const errorId = 'survey-error';
    const questionErrorId = 'survey-question-error';
    const commentId = 'survey-comment';
    const choices = campaign.choices.map((choice) => {
      const input = h('input', { type: 'radio', name: 'answer', value: String(choice.value), class: 'peer sr-only' });
      const label = h(
        'label',
        {
          class:
            'flex min-h-24 flex-1 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-slate-300 bg-white p-3 text-base font-medium text-slate-800 hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
        },
        input,
        choiceIcon(choice.key),
        h('span', {}, choice.label),
      );
      return { input, label };
    });
    // The question's own message sits under its legend, before the choices (issue 24: by the
    // question it is about, not at the bottom of the form); the send error has its own place.
    const questionError = h('p', { id: questionErrorId, role: 'alert', class: 'mb-3 text-base font-medium text-red-700 empty:hidden' });
    const group = h(
      'fieldset',
      { role: 'radiogroup', 'aria-labelledby': legendId, 'aria-required': 'true', class: 'min-w-0' },
      h('legend', { id: legendId, class: 'mb-4 text-xl font-medium text-slate-900' }, campaign.question),
      questionError,
      h('div', { class: 'flex gap-3' }, ...choices.map((c) => c.label)),
    );
    const comment = campaign.commentLabel
      ? h('textarea', { id: commentId, name: 'comment', rows: '4', maxlength: String(campaign.commentMaxLength), 'aria-describedby': `${commentId}-hint`, class: 'mt-2 block w-full rounded-xl border border-slate-300 bg-white p-3 text-base focus-visible:outline-3 focus-visible:outline-brand-600' })
      : null;
    const error = h('p', { id: errorId, role: 'alert', class: 'text-base font-medium text-red-700 empty:hidden' });
    const send = h('button', { type: 'submit', class: primaryButton }, surveyTexts.send);
    const form = h(
      'form',
      { class: `${card} flex flex-col gap-6`, 'aria-labelledby': 'survey-title', novalidate: '' },
      group,
      comment &&
        h(
          'div',
          {},
          h('label', { for: commentId, class: 'block text-base font-medium text-slate-900' }, campaign.commentLabel),
          h('p', { id: `${commentId}-hint`, class: 'text-sm text-slate-600' }, surveyTexts.commentHint(campaign.commentMaxLength)),
          comment,
        ),
      error,
      send,
    );
    const fail = (text: string, focus?: HTMLElement) => {
      error.textContent = text;
      focus?.focus();
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const chosen = choices.find((c) => c.input.checked);
      if (!chosen) {
        error.textContent = '';
        questionError.textContent = surveyTexts.chooseAnswer;
        group.setAttribute('aria-invalid', 'true');
        group.setAttribute('aria-describedby', questionErrorId);
        // Focus goes to the unanswered question; the screen reader reads its message as its description.
        choices[0]?.input.focus();
        return;
      }
      void submit(Number(chosen.input.value), comment?.value ?? '');
    });
    // Choosing an answer settles the question's message at once.
    group.addEventListener('change', () => {
      questionError.textContent = '';
      group.removeAttribute('aria-invalid');
      group.removeAttribute('aria-describedby');
    });
    const submit = async (answer: number, text: string) => {
      error.textContent = '';
      send.disabled = true;
      send.textContent = surveyTexts.sending;
      try {
        const response = await deps.fetch(api('/surveys/public/surveys'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ campaignId: campaign.id, answer, comment: text.trim() === '' ? null : text, ...link }),
        });
        if (response.ok) return showEnd(surveyTexts.thanksTitle, messages.surveyThanks, 'status');
        if (response.status === 409) return showEnd(surveyTexts.receivedTitle, messages.surveyAlreadyReceived, 'status');
        if (response.status === 404 || response.status === 410) return showEnd(surveyTexts.unavailableTitle, messages.surveyUnavailable, 'alert');
        if (response.status === 429) return fail(messages.surveyTooManyRequests);
        if (response.status >= 400 && response.status < 500) return fail((await errorMessage(response)) ?? messages.invalidRequest);
        fail(surveyTexts.sendFailed);
      } catch {
        fail(surveyTexts.sendFailed);
      } finally {
        send.disabled = false;
        send.textContent = surveyTexts.send;
      }
    };
    show(h('h1', { id: 'survey-title', class: 'mb-5 text-2xl font-semibold text-slate-900', tabindex: '-1' }, campaign.name), form);
  };

  return load();
}
