// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicCampaign } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import { campaignIdOf, linkParameters, startSurvey, surveyTexts } from './survey-page.ts';

const campaignId = '5f0c9a8e-7d1b-4c2a-9e3f-1a2b3c4d5e6f';
const three: PublicCampaign = {
  id: campaignId,
  name: 'After your visit',
  surveyType: 'three',
  question: 'How was your visit?',
  commentLabel: 'Anything we could do better?',
  choices: [
    { key: 'good', value: 1, label: 'Good' },
    { key: 'neutral', value: 3, label: 'Neutral' },
    { key: 'bad', value: 2, label: 'Bad' },
  ],
  commentMaxLength: 1000,
  received: false,
};

type Call = { url: string; init?: RequestInit };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: answers the campaign, then each POST with the next of `posts`. */
function fakeApi(campaign: Response | (() => Response), posts: Response[] = []) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    if (init?.method === 'POST') return posts.shift() ?? json(500, {});
    return typeof campaign === 'function' ? campaign() : campaign.clone();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

let root: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '<main id="survey"></main>';
  root = document.getElementById('survey')!;
});

const start = (api: ReturnType<typeof fakeApi>, search = '?externalId=visit-42&externalUser=%2B15551234567&utm=sms') =>
  startSurvey(root, { fetch: api.fetch, apiBaseUrl: '/api', location: { pathname: `/survey/${campaignId}`, search } });
const radios = () => [...root.querySelectorAll<HTMLInputElement>('input[type=radio]')];
const submit = () => root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
/** Lets the page's pending fetch and rendering finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the patients’ survey page', () => {
  it('reads the campaign id from /survey/{id} and keeps the link’s query within the API’s bounds', () => {
    expect(campaignIdOf(`/survey/${campaignId}`)).toBe(campaignId);
    expect(campaignIdOf('/survey/')).toBe('');
    const link = linkParameters(`?externalId=a1&externalUser=u1&x=${'y'.repeat(600)}&utm=sms`);
    expect(link).toEqual({ externalId: 'a1', externalUser: 'u1', queryParameters: { externalId: 'a1', externalUser: 'u1', utm: 'sms' }, token: null });
    expect(linkParameters('').externalId).toBeNull();
    // The recipient's token (issue 40) goes on its own, never into the query kept with the answer.
    expect(linkParameters('?externalId=a1&token=tk-1&utm=sms')).toEqual({ externalId: 'a1', externalUser: null, queryParameters: { externalId: 'a1', utm: 'sms' }, token: 'tk-1' });
  });

  it('shows the question as a labelled radio group of the campaign’s choices, and the comment under its label', async () => {
    await start(fakeApi(json(200, three)));
    expect(root.querySelector('h1')!.textContent).toBe('After your visit');
    const group = root.querySelector('[role=radiogroup]')!;
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent).toBe('How was your visit?');
    expect(radios().map((r) => r.value)).toEqual(['1', '3', '2']);
    expect(radios().map((r) => r.closest('label')!.textContent)).toEqual(['Good', 'Neutral', 'Bad']);
    expect(new Set(radios().map((r) => r.name)).size).toBe(1);
    const comment = root.querySelector('textarea')!;
    expect(root.querySelector(`label[for="${comment.id}"]`)!.textContent).toBe('Anything we could do better?');
    expect(comment.maxLength).toBe(1000);
  });

  it('offers no comment box when the campaign has no comment label', async () => {
    await start(fakeApi(json(200, { ...three, commentLabel: null })));
    expect(root.querySelector('textarea')).toBeNull();
  });

  it('asks for an answer before sending anything', async () => {
    const api = fakeApi(json(200, three));
    await start(api);
    submit();
    expect(root.querySelector('[role=alert]')!.textContent).toBe(surveyTexts.chooseAnswer);
    expect(root.querySelector('[role=radiogroup]')!.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.init?.method === 'POST')).toEqual([]);
  });

  it('puts the missing answer’s message by its question, describes the group with it and focuses the question (issue 24)', async () => {
    await start(fakeApi(json(200, three)));
    submit();
    const group = root.querySelector('[role=radiogroup]')!;
    const message = document.getElementById(group.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe(surveyTexts.chooseAnswer);
    expect(group.contains(message)).toBe(true);
    expect(document.activeElement).toBe(radios()[0]);
    radios()[0]!.checked = true;
    radios()[0]!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(message.textContent).toBe('');
    expect(group.hasAttribute('aria-invalid')).toBe(false);
    expect(group.hasAttribute('aria-describedby')).toBe(false);
  });

  it('asks with the link’s externalId and token whether its answer was received, and then says so instead of the form (issues 24, 40)', async () => {
    const api = fakeApi(json(200, { ...three, received: true }));
    await start(api, '?externalId=visit-42&externalUser=%2B15551234567&token=tk-42');
    expect(api.calls[0]!.url).toBe(`/api/surveys/public/campaigns/${campaignId}?externalId=visit-42&token=tk-42`);
    expect(root.querySelector('form')).toBeNull();
    expect(root.querySelector('h1')!.textContent).toBe(surveyTexts.receivedTitle);
    expect(root.querySelector('[role=status]')!.textContent).toContain(messages.surveyAlreadyReceived);
    expect(document.activeElement).toBe(root.querySelector('h1'));
  });

  it('sends the answer’s stored value, the comment, externalId, externalUser and the link’s query, then thanks the patient', async () => {
    const api = fakeApi(json(200, three), [json(201, { id: 'r1', message: messages.surveyThanks })]);
    await start(api);
    radios()[1]!.checked = true;
    root.querySelector('textarea')!.value = 'Short wait, <b>kind</b> staff';
    submit();
    await settle();
    const post = api.calls.find((c) => c.init?.method === 'POST')!;
    expect(post.url).toBe('/api/surveys/public/surveys');
    expect(JSON.parse(String(post.init!.body))).toEqual({
      campaignId,
      answer: 3,
      comment: 'Short wait, <b>kind</b> staff',
      externalId: 'visit-42',
      externalUser: '+15551234567',
      queryParameters: { externalId: 'visit-42', externalUser: '+15551234567', utm: 'sms' },
      token: null,
    });
    expect(root.querySelector('h1')!.textContent).toBe(surveyTexts.thanksTitle);
    expect(root.textContent).toContain(messages.surveyThanks);
    expect(document.activeElement).toBe(root.querySelector('h1'));
  });

  it.each([
    [409, messages.surveyAlreadyReceived],
    [404, messages.surveyUnavailable],
  ])('a refused answer (%i) says so plainly', async (status, text) => {
    await start(fakeApi(json(200, three), [json(status, { error: { code: 'x', message: 'x' } })]));
    radios()[0]!.checked = true;
    submit();
    await settle();
    expect(root.textContent).toContain(text);
    expect(root.querySelector('form')).toBeNull();
  });

  it('when rate limited it keeps the form and what was typed, and says to try later', async () => {
    await start(fakeApi(json(200, three), [json(429, { error: { code: 'rate_limited', message: 'x' } })]));
    radios()[2]!.checked = true;
    root.querySelector('textarea')!.value = 'typed';
    submit();
    await settle();
    expect(root.querySelector('#survey-error')!.textContent).toBe(messages.surveyTooManyRequests);
    expect(root.querySelector('textarea')!.value).toBe('typed');
    expect(radios()[2]!.checked).toBe(true);
    expect(root.querySelector<HTMLButtonElement>('button[type=submit]')!.disabled).toBe(false);
  });

  it('a refused answer says what was wrong (the field’s message) and keeps the form', async () => {
    await start(fakeApi(json(200, three), [json(400, { error: { code: 'invalid_request', message: messages.invalidRequest, fields: { comment: messages.surveyCommentTooLong } } })]));
    radios()[0]!.checked = true;
    submit();
    await settle();
    expect(root.querySelector('#survey-error')!.textContent).toBe(messages.surveyCommentTooLong);
    expect(root.querySelector('form')).not.toBeNull();
  });

  it('an unknown or ended campaign shows the unavailable text; a failed load offers Try again', async () => {
    await start(fakeApi(json(404, { error: { code: 'not_found', message: 'x' } })));
    expect(root.textContent).toContain(messages.surveyUnavailable);
    let answers = 0;
    const flaky = fakeApi(() => (answers++ === 0 ? json(503, {}) : json(200, three)));
    await start(flaky);
    expect(root.textContent).toContain(surveyTexts.loadFailed);
    root.querySelector<HTMLButtonElement>('button')!.click();
    await settle();
    expect(root.querySelector('h1')!.textContent).toBe('After your visit');
  });

  it('shows the campaign’s texts as text, never as HTML', async () => {
    await start(fakeApi(json(200, { ...three, name: '<img src=x onerror=alert(1)>', question: '<b>bold?</b>' })));
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('h1')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
