import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerValues, campaignLimits, type Campaign, type PublicCampaign, type RecipientLink, type SurveyResponse, type SurveyResponseList } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import { createApi } from '../../app.ts';
import { accounts, campaigns, surveyResponses } from '../../db/schema/index.ts';
import { seedId } from '../../seed/seed.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { isFirstResponse, storeResponse } from './responses.ts';

let h: Harness;
/** The public API as the patients' page calls it: no token; clients told apart by X-Forwarded-For (one trusted proxy). */
let api: ReturnType<typeof createApi>;
beforeAll(async () => {
  h = await createHarness();
  api = createApi({ ...h.deps, trustProxyHops: 1, publicPageLimits: { survey: { answers: { attempts: 1000, minutes: 10 }, reads: { attempts: 1000, minutes: 10 } } } });
}, 120_000);
afterAll(() => h.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let clients = 0;
/** Each test its own client address, so the limits of one do not reach another. */
const client = () => `198.51.100.${++clients}`;
const publicGet = (id: string, address = client(), app = api) => app.request(`/surveys/public/campaigns/${id}`, { headers: { 'X-Forwarded-For': address } });
const publicPost = (body: unknown, address = client(), app = api) =>
  app.request('/surveys/public/surveys', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: typeof body === 'string' ? body : JSON.stringify(body) });

let n = 0;
/** A new running campaign of Riverside (three, with a comment label unless told otherwise). */
async function campaign(fields: Record<string, unknown> = {}) {
  const res = await h.call('manager', '/surveys/campaigns', { method: 'POST', json: { name: `Public ${n++}`, surveyType: 'three', question: 'How was your visit?', commentLabel: 'Anything else?', ...fields } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const counts = async (id: string) => {
  const c = (await (await h.call('manager', `/surveys/campaigns/${id}`)).json()) as Campaign;
  return { completed: c.completedCount, responses: c.responseCount };
};
const endedCampaign = seedId('campaign:riverside:2');

/** The link a practice sends one recipient (issue 40), as `GET /surveys/campaigns/{id}/link` makes it. */
async function recipientLink(id: string, externalId: string, externalUser?: string) {
  const query = new URLSearchParams({ externalId, ...(externalUser && { externalUser }) });
  const res = await h.call('manager', `/surveys/campaigns/${id}/link?${query.toString()}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const url = new URL(((await res.json()) as RecipientLink).url);
  return { url, search: url.search, token: url.searchParams.get('token')! };
}

describe('GET /surveys/public/campaigns/{id}', () => {
  it('needs no sign-in and answers only what the page needs: no account, counts or people', async () => {
    const id = await campaign({ surveyType: 'thumbs', question: 'Was it easy?', commentLabel: 'Why?' });
    const res = await publicGet(id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicCampaign;
    expect(body).toEqual({
      id,
      name: expect.any(String),
      surveyType: 'thumbs',
      question: 'Was it easy?',
      commentLabel: 'Why?',
      choices: [
        { key: 'up', value: answerValues.thumbs.up, label: 'Thumbs up' },
        { key: 'down', value: answerValues.thumbs.down, label: 'Thumbs down' },
      ],
      commentMaxLength: campaignLimits.comment,
      received: false,
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain(h.accounts.riverside.id);
    expect(text).not.toContain('Maria Lopez');
    expect(text).not.toContain(seedId('person:manager'));
  });

  it('the three-answer survey offers good, neutral and bad stored as 1, 3, 2 (spec §4)', async () => {
    const body = (await (await publicGet(await campaign())).json()) as PublicCampaign;
    expect(body.choices.map((c) => [c.key, c.value])).toEqual([['good', 1], ['neutral', 3], ['bad', 2]]);
  });

  it('answers an unknown id, a malformed one and a campaign that is not running alike', async () => {
    const answers = await Promise.all([seedId('campaign:none'), 'not-an-id', endedCampaign, '%2500'].map(async (id) => {
      const res = await publicGet(id);
      return { status: res.status, body: await res.text() };
    }));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(404);
    expect((JSON.parse(answers[0]!.body) as ErrorBody).error.message).toBe(messages.surveyUnavailable);
    // A NUL byte is no id of any campaign: refused as a bad request before any lookup (issue 40), which says nothing of campaigns.
    const nul = await publicGet('%00');
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as ErrorBody).error.fields).toEqual({ id: messages.textInvalid });
  });
});

describe('GET /surveys/public/campaigns/{id}?externalId=: was this link already answered (issue 24)', () => {
  const received = async (id: string, query: string) => {
    const res = await publicGet(`${id}${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as PublicCampaign).received;
  };

  it('says received for the link whose answer was stored, for that campaign only; not before, not for another link or none', async () => {
    const id = await campaign();
    const other = await campaign();
    const link = await recipientLink(id, 'PT-R1', '+1555');
    expect(await received(id, link.search)).toBe(false);
    expect((await publicPost({ campaignId: id, answer: 1, externalId: 'PT-R1' })).status).toBe(201);
    expect(await received(id, link.search)).toBe(true);
    expect(await received(id, (await recipientLink(id, 'PT-R2')).search)).toBe(false);
    expect(await received(id, '')).toBe(false);
    expect(await received(id, `?externalId=${'x'.repeat(campaignLimits.externalId + 1)}&token=${link.token}`)).toBe(false);
    expect(await received(other, (await recipientLink(other, 'PT-R1')).search)).toBe(false);
  });

  it('tells it only to the recipient’s own link (issue 40): a guessed externalId, or another link’s token, gets what an unanswered patient gets', async () => {
    const id = await campaign();
    const other = await campaign();
    expect((await publicPost({ campaignId: id, answer: 1, externalId: 'PT-G1' })).status).toBe(201);
    const own = await recipientLink(id, 'PT-G1');
    expect(own.url.pathname).toBe(`/survey/${id}`);
    expect(own.token).toMatch(/^[\w-]{40,}$/);
    expect(await received(id, own.search)).toBe(true);
    const unanswered = await (await publicGet(`${id}?externalId=PT-G2`)).text();
    expect(JSON.parse(unanswered)).toMatchObject({ received: false });
    const forged = [
      '?externalId=PT-G1',
      '?externalId=PT-G1&externalUser=%2B1555',
      '?externalId=PT-G1&token=',
      `?externalId=PT-G1&token=${own.token.slice(0, -1)}`,
      `?externalId=PT-G1&token=${(await recipientLink(id, 'PT-G2')).token}`,
      `?externalId=PT-G1&token=${(await recipientLink(other, 'PT-G1')).token}`,
      `?externalId=pt-g1&token=${own.token}`,
    ];
    for (const query of forged) expect(await (await publicGet(`${id}${query}`)).text(), query).toBe(unanswered);
  });

  it('an unknown or ended campaign still answers alike with an externalId, and the read is rate-limited', async () => {
    const answers = await Promise.all([seedId('campaign:none'), endedCampaign, 'not-an-id'].map(async (id) => {
      const res = await publicGet(`${id}?externalId=PT-R1`);
      return { status: res.status, body: await res.text() };
    }));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(404);
    const limited = createApi({ ...h.deps, trustProxyHops: 1, publicPageLimits: { survey: { answers: { attempts: 1000, minutes: 10 }, reads: { attempts: 1, minutes: 10 } } } });
    const id = await campaign();
    const address = client();
    expect((await publicGet(`${id}?externalId=PT-R3`, address, limited)).status).toBe(200);
    expect((await publicGet(`${id}?externalId=PT-R3`, address, limited)).status).toBe(429);
  });
});

describe('POST /surveys/public/surveys', () => {
  it('stores the answer with externalId, externalUser and the query parameters; the counts and results follow; nothing is echoed', async () => {
    const id = await campaign();
    const comment = '<script>alert("zq7")</script> & thanks';
    const res = await publicPost({ campaignId: id, answer: answerValues.three.neutral, comment, externalId: 'PT-123', externalUser: '+15550100', queryParameters: { externalId: 'PT-123', externalUser: '+15550100', utm: 'sms' } });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain('zq7');
    expect(text).not.toContain('PT-123');
    const accepted = JSON.parse(text) as { id: string; message: string };
    expect(accepted.message).toBe(messages.surveyThanks);
    expect(await counts(id)).toEqual({ completed: 1, responses: 1 });
    const list = (await (await h.call('manager', `/surveys/campaigns/${id}/surveys`)).json()) as SurveyResponseList;
    expect(list.items).toEqual([expect.objectContaining({ id: accepted.id, answer: 3, comment, externalId: 'PT-123', externalUser: '+15550100' })]);
    const response = (await (await h.call('manager', `/surveys/campaigns/${id}/surveys/${accepted.id}`)).json()) as SurveyResponse;
    // Stored as the text it is (the screens render it as text, never as HTML).
    expect(response).toMatchObject({
      accountId: h.accounts.riverside.id,
      campaignId: id,
      answers: [
        { questionText: 'How was your visit?', type: 'three', answer: 3 },
        { questionText: 'Anything else?', type: 'comment', answer: comment },
      ],
      externalId: 'PT-123',
      externalUser: '+15550100',
      queryParameters: { externalId: 'PT-123', externalUser: '+15550100', utm: 'sms' },
    });
  });

  it('takes spec §3’s survey response: answers ([{ questionText, type, answer }]), externalId, externalUser, queryParameters (issue 44)', async () => {
    const id = await campaign();
    const res = await publicPost({
      campaignId: id,
      answers: [
        { questionText: 'How was your visit?', type: 'three', answer: answerValues.three.bad },
        { questionText: 'Anything else?', type: 'comment', answer: 'Long wait' },
      ],
      externalId: 'PT-spec',
      externalUser: '+15550199',
      queryParameters: { utm: 'api' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id: responseId } = (await res.json()) as { id: string };
    const response = (await (await h.call('manager', `/surveys/campaigns/${id}/surveys/${responseId}`)).json()) as SurveyResponse;
    expect(response).toMatchObject({
      answers: [
        { questionText: 'How was your visit?', type: 'three', answer: 2 },
        { questionText: 'Anything else?', type: 'comment', answer: 'Long wait' },
      ],
      externalId: 'PT-spec',
      externalUser: '+15550199',
      queryParameters: { utm: 'api' },
    });
    // The answer alone, without the question's text; and with the page's fields beside it when they agree.
    expect((await publicPost({ campaignId: id, answers: [{ type: 'three', answer: 1 }] })).status).toBe(201);
    expect((await publicPost({ campaignId: id, answer: 3, answers: [{ type: 'three', answer: 3 }] })).status).toBe(201);
    expect(await counts(id)).toEqual({ completed: 3, responses: 3 });
    const thumbs = await campaign({ surveyType: 'thumbs', commentLabel: null });
    for (const [body, field, message] of [
      [{ campaignId: id, answers: [{ type: 'thumbs', answer: 1 }] }, 'answers', messages.surveyAnswerInvalid],
      [{ campaignId: id, answers: [{ type: 'comment', answer: 'Only a comment' }] }, 'answers', messages.surveyAnswersInvalid],
      [{ campaignId: id, answers: [{ type: 'three', answer: 'good' }] }, 'answers', messages.surveyAnswersInvalid],
      [{ campaignId: id, answers: [{ type: 'three', answer: 1 }, { type: 'three', answer: 2 }] }, 'answers', messages.surveyAnswersInvalid],
      [{ campaignId: id, answer: 2, answers: [{ type: 'three', answer: 1 }] }, 'answers', messages.surveyAnswersDisagree],
      [{ campaignId: thumbs, answers: [{ type: 'thumbs', answer: 1 }, { type: 'comment', answer: 'Not asked' }] }, 'comment', messages.surveyCommentNotAsked],
    ] as const) {
      const refused = await publicPost(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await counts(id)).toEqual({ completed: 3, responses: 3 });
  });

  it('takes an answer without a comment or external ids (a link opened by hand)', async () => {
    const id = await campaign();
    expect((await publicPost({ campaignId: id, answer: 1 })).status).toBe(201);
    expect((await publicPost({ campaignId: id, answer: 2, comment: '', externalId: '' })).status).toBe(201);
    expect(await counts(id)).toEqual({ completed: 2, responses: 2 });
  });

  it('one response per externalId per campaign: a repeat from the recipient’s link says it was already received (409) and counts nothing', async () => {
    const id = await campaign();
    const other = await campaign();
    const { token } = await recipientLink(id, 'PT-9');
    expect((await publicPost({ campaignId: id, answer: 1, externalId: 'PT-9', token })).status).toBe(201);
    const repeat = await publicPost({ campaignId: id, answer: 2, externalId: 'PT-9', token });
    expect(repeat.status).toBe(409);
    expect(((await repeat.json()) as ErrorBody).error.message).toBe(messages.surveyAlreadyReceived);
    expect(await counts(id)).toEqual({ completed: 1, responses: 1 });
    // The same patient may answer another campaign.
    expect((await publicPost({ campaignId: other, answer: 1, externalId: 'PT-9' })).status).toBe(201);
  });

  it('a repeat without the recipient’s token (issue 40: a guessed externalId) is thanked as a first answer is, and stores and counts nothing', async () => {
    const id = await campaign();
    const { token } = await recipientLink(id, 'PT-40');
    const first = await publicPost({ campaignId: id, answer: 1, externalId: 'PT-40' });
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as { id: string; message: string };
    for (const guess of [{}, { token: null }, { token: 'not-the-token' }, { token: (await recipientLink(id, 'PT-41')).token }]) {
      const repeat = await publicPost({ campaignId: id, answer: 2, externalId: 'PT-40', ...guess });
      expect(repeat.status, JSON.stringify(guess)).toBe(201);
      const body = (await repeat.json()) as { id: string; message: string };
      expect(body).toEqual({ id: expect.any(String), message: messages.surveyThanks });
      expect(body.id).not.toBe(firstBody.id);
    }
    expect(await counts(id)).toEqual({ completed: 1, responses: 1 });
    // The recipient's own link is told.
    expect((await publicPost({ campaignId: id, answer: 2, externalId: 'PT-40', token })).status).toBe(409);
  });

  it('keeps the link’s query with the answer, but never its token (issue 40)', async () => {
    const id = await campaign();
    const { token } = await recipientLink(id, 'PT-Q1');
    const res = await publicPost({ campaignId: id, answer: 1, externalId: 'PT-Q1', token, queryParameters: { externalId: 'PT-Q1', token, utm: 'sms' } });
    expect(res.status).toBe(201);
    const [row] = await h.db.select({ queryParameters: surveyResponses.queryParameters }).from(surveyResponses).where(eq(surveyResponses.campaignId, id));
    expect(row!.queryParameters).toEqual({ externalId: 'PT-Q1', utm: 'sms' });
  });

  it('under concurrency: one of many same-externalId answers is stored; distinct answers are all counted', async () => {
    const id = await campaign();
    const { token } = await recipientLink(id, 'PT-race');
    const same = await Promise.all(Array.from({ length: 8 }, () => publicPost({ campaignId: id, answer: 1, externalId: 'PT-race', token })));
    expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const distinct = await Promise.all(Array.from({ length: 8 }, (_, i) => publicPost({ campaignId: id, answer: 1, externalId: `PT-${i}` })));
    expect(distinct.every((r) => r.status === 201)).toBe(true);
    expect(await counts(id)).toEqual({ completed: 9, responses: 9 });
  });

  it('is refused when the campaign is not running, answered like an unknown campaign, and writes nothing', async () => {
    const [before] = await h.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.campaignId, endedCampaign));
    const [row] = await h.db.select().from(campaigns).where(eq(campaigns.id, endedCampaign));
    const ended = await publicPost({ campaignId: endedCampaign, answer: 1, externalId: 'PT-late' });
    const unknown = await publicPost({ campaignId: seedId('campaign:none'), answer: 1, externalId: 'PT-late' });
    expect(ended.status).toBe(404);
    expect(await ended.text()).toBe(await unknown.text());
    expect(unknown.status).toBe(404);
    const [after] = await h.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.campaignId, endedCampaign));
    expect(after!.n).toBe(before!.n);
    const [rowAfter] = await h.db.select().from(campaigns).where(eq(campaigns.id, endedCampaign));
    expect(rowAfter!.completedCount).toBe(row!.completedCount);
  });

  it("a deactivated practice's campaign is answered like an unknown one, to the page and to an answer", async () => {
    const id = await campaign();
    await h.db.update(accounts).set({ active: false }).where(eq(accounts.id, h.accounts.riverside.id));
    try {
      const unknown = await publicGet(seedId('campaign:none'));
      const read = await publicGet(id);
      expect(read.status).toBe(404);
      expect(await read.text()).toBe(await unknown.text());
      expect((await publicPost({ campaignId: id, answer: 1 })).status).toBe(404);
    } finally {
      await h.db.update(accounts).set({ active: true }).where(eq(accounts.id, h.accounts.riverside.id));
    }
    expect(await counts(id)).toEqual({ completed: 0, responses: 0 });
    expect((await publicGet(id)).status).toBe(200);
  });

  it(`caps the comment at ${campaignLimits.comment} characters`, async () => {
    const id = await campaign();
    const long = await publicPost({ campaignId: id, answer: 1, comment: 'c'.repeat(campaignLimits.comment + 1) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as ErrorBody).error.fields?.comment).toBe(messages.surveyCommentTooLong);
    expect((await publicPost({ campaignId: id, answer: 1, comment: 'c'.repeat(campaignLimits.comment) })).status).toBe(201);
  });

  it("validates strictly: the answer must be one of the survey's, a comment only where asked, no unknown keys, bounded query parameters; never echoes", async () => {
    const three = await campaign();
    const thumbs = await campaign({ surveyType: 'thumbs', commentLabel: null });
    const marker = 'zq7marker';
    for (const [body, field, message] of [
      [{ campaignId: thumbs, answer: 3 }, 'answer', messages.surveyAnswerInvalid],
      [{ campaignId: three, answer: 4 }, 'answer', messages.surveyAnswerInvalid],
      [{ campaignId: three, answer: marker }, 'answer', messages.surveyAnswerInvalid],
      [{ campaignId: three }, 'answer', messages.surveyAnswerInvalid],
      [{ campaignId: thumbs, answer: 1, comment: marker }, 'comment', messages.surveyCommentNotAsked],
      [{ campaignId: marker, answer: 1 }, 'campaignId', messages.surveyCampaignIdInvalid],
      [{ campaignId: three, answer: 1, [marker]: 1 }, '_', messages.invalidRequest],
      [{ campaignId: three, answer: 1, externalId: 'x'.repeat(201) + marker }, 'externalId', messages.surveyExternalIdInvalid],
      [{ campaignId: three, answer: 1, comment: `a\u0000${marker}` }, 'comment', messages.textInvalid],
      [{ campaignId: three, answer: 1, queryParameters: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'queryParameters', messages.surveyQueryParametersInvalid],
      [{ campaignId: three, answer: 1, queryParameters: { [marker]: 'v'.repeat(501) } }, 'queryParameters', messages.surveyQueryParametersInvalid],
      [{ campaignId: three, answer: 1, queryParameters: { a: { nested: marker } } }, 'queryParameters', messages.surveyQueryParametersInvalid],
      [[marker], '_', messages.invalidRequest],
    ] as const) {
      const res = await publicPost(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const text = await res.text();
      expect(text).not.toContain(marker);
      expect((JSON.parse(text) as ErrorBody).error.fields?.[field], JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    expect((await publicPost('{"campaignId":')).status).toBe(400);
    expect(await counts(three)).toEqual({ completed: 0, responses: 0 });
    expect(await counts(thumbs)).toEqual({ completed: 0, responses: 0 });
  });

  it('refuses a body over 32 KB (413)', async () => {
    const res = await publicPost({ campaignId: await campaign(), answer: 1, comment: 'x'.repeat(40_000) });
    expect(res.status).toBe(413);
  });
});

describe('rate limit per client', () => {
  const strict = () => createApi({ ...h.deps, trustProxyHops: 1, publicPageLimits: { survey: { answers: { attempts: 3, minutes: 10 }, reads: { attempts: 2, minutes: 10 } } } });

  it('answers 429 with Retry-After once a client used its answers; another client still answers; refused answers count too', async () => {
    const app = strict();
    const id = await campaign();
    const address = '203.0.113.7';
    expect((await publicPost({ campaignId: id, answer: 1 }, address, app)).status).toBe(201);
    expect((await publicPost({ campaignId: id, answer: 9 }, address, app)).status).toBe(400);
    expect((await publicPost({ campaignId: id, answer: 1 }, address, app)).status).toBe(201);
    const limited = await publicPost({ campaignId: id, answer: 1 }, address, app);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await limited.json()) as ErrorBody).error.message).toBe(messages.surveyTooManyRequests);
    expect(await counts(id)).toEqual({ completed: 2, responses: 2 });
    expect((await publicPost({ campaignId: id, answer: 1 }, '203.0.113.8', app)).status).toBe(201);
  });

  it('limits the page reads too', async () => {
    const app = strict();
    const id = await campaign();
    const address = '203.0.113.20';
    expect((await publicGet(id, address, app)).status).toBe(200);
    expect((await publicGet(id, address, app)).status).toBe(200);
    expect((await publicGet(id, address, app)).status).toBe(429);
  });

  it('counts the address the trusted proxy saw: entries a client adds to X-Forwarded-For do not make it a new client', async () => {
    const app = strict();
    const id = await campaign();
    // The proxy appends what it saw; the client forged the entries to its left.
    for (const forged of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await publicPost({ campaignId: id, answer: 1 }, `${forged}, 203.0.113.30`, app)).status).toBe(201);
    expect((await publicPost({ campaignId: id, answer: 1 }, '10.0.0.4, 203.0.113.30', app)).status).toBe(429);
  });

  it('without a trusted proxy, X-Forwarded-For is ignored (the connection is the client)', async () => {
    const app = createApi({ ...h.deps, publicPageLimits: { survey: { answers: { attempts: 2, minutes: 10 }, reads: { attempts: 1000, minutes: 10 } } } });
    const id = await campaign();
    const statuses: number[] = [];
    for (const forged of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) statuses.push((await publicPost({ campaignId: id, answer: 1 }, forged, app)).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('first response (the notification hook)', () => {
  it("reports the campaign's first response, with its creator and the results page, and no other", async () => {
    const id = await campaign();
    const first = await storeResponse(h.db, { campaignId: id, answer: 1, comment: null, externalId: null, externalUser: null, queryParameters: {} });
    expect(first.firstResponse).toEqual({
      accountId: h.accounts.riverside.id,
      recipientId: seedId('person:manager'),
      title: 'First campaign response',
      message: expect.stringContaining('received its first response'),
      jumpPath: `/campaigns/campaign/${id}/results`,
    });
    const second = await storeResponse(h.db, { campaignId: id, answer: 2, comment: null, externalId: null, externalUser: null, queryParameters: {} });
    expect(second.firstResponse).toBeNull();
    expect(isFirstResponse(1)).toBe(true);
    expect(isFirstResponse(2)).toBe(false);
  });

  it("tells the campaign's creator once, through the bell's API, linking to the results", async () => {
    const id = await campaign();
    const firstNotices = async () => {
      await h.jobs.drained();
      const res = await h.call('manager', '/notifications/notifications');
      expect(res.status).toBe(200);
      const { items } = (await res.json()) as { items: { title: string; jumpPath: string | null }[] };
      return items.filter((item) => item.jumpPath === `/campaigns/campaign/${id}/results`);
    };
    expect(await firstNotices()).toHaveLength(0);
    expect((await publicPost({ campaignId: id, answer: 1 })).status).toBe(201);
    expect((await firstNotices()).map((item) => item.title)).toEqual(['First campaign response']);
    expect((await publicPost({ campaignId: id, answer: 3 })).status).toBe(201);
    expect(await firstNotices()).toHaveLength(1);
  });

  it('exactly one of many concurrent first answers is the first', async () => {
    const id = await campaign();
    const stored = await Promise.all(Array.from({ length: 6 }, (_, i) => storeResponse(h.db, { campaignId: id, answer: 1, comment: null, externalId: `PT-first-${i}`, externalUser: null, queryParameters: {} })));
    expect(stored.filter((s) => s.firstResponse !== null)).toHaveLength(1);
  });
});

describe('GET /surveys/campaigns/{id}/link: the link to send one recipient (issue 40)', () => {
  it('is the campaign’s public page with the externalId, externalUser and a token that is the same each time', async () => {
    const id = await campaign();
    const { url, token } = await recipientLink(id, 'PT-L1', '+15550100');
    expect(url.searchParams.get('externalId')).toBe('PT-L1');
    expect(url.searchParams.get('externalUser')).toBe('+15550100');
    expect((await recipientLink(id, 'PT-L1')).token).toBe(token);
    expect((await recipientLink(id, 'PT-L2')).token).not.toBe(token);
  });

  it('needs an externalId, a campaign of the account, and the grant to read its responses', async () => {
    const id = await campaign();
    const missing = await h.call('manager', `/surveys/campaigns/${id}/link`);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).error.fields).toEqual({ externalId: messages.surveyExternalIdRequired });
    expect((await h.call('manager', `/surveys/campaigns/${seedId('campaign:none')}/link?externalId=PT-1`)).status).toBe(404);
    expect((await h.call('manager', `/surveys/campaigns/${seedId('campaign:lakeside:0')}/link?externalId=PT-1`)).status).toBe(404);
    expect((await api.request(`/surveys/campaigns/${id}/link?externalId=PT-1`)).status).toBe(401);
  });
});
