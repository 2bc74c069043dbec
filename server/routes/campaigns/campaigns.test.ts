import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignList, CampaignTimeline, SurveyResponse, SurveyResponseList } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import { isAllowed } from '../../../domain/permissions.ts';
import type { SearchAnswer } from '../../../domain/search.ts';
import { createApi } from '../../app.ts';
import { demoCampaigns } from '../../seed/demo-campaigns.ts';
import { auditLog, campaigns, meta, roles, surveyResponses } from '../../db/schema/index.ts';
import { roleId, seed, seedId } from '../../seed/seed.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { type ErrorBody, errorOf } from '../../test/record-api.ts';

const h = fileHarness();

const send = (user: DemoUser, method: string, path: string, json?: unknown) => h.call(user, path, { method, json });

let n = 0;
const fresh = (prefix = 'Campaign') => `${prefix} ${n++}`;
const form = (overrides: Record<string, unknown> = {}) => ({ name: fresh(), description: 'Test campaign', surveyType: 'three', question: 'How was your visit?', commentLabel: 'Tell us more', ...overrides });

async function create(body: Record<string, unknown> = form(), user: DemoUser = 'manager') {
  const res = await send(user, 'POST', '/surveys/campaigns', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const get = async (id: string, user: DemoUser = 'manager') => {
  const res = await h.call(user, `/surveys/campaigns/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Campaign;
};
const list = async (query: string, user: DemoUser = 'manager') => {
  const res = await h.call(user, `/surveys/campaigns?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CampaignList;
};
const dbNow = async () => new Date((await h.db.execute<{ now: string }>(sql`select now()::text as now`)).rows[0]!.now);
const riversideCampaign = (i: number) => seedId(`campaign:riverside:${i}`);
const lakesideCampaign = (i: number) => seedId(`campaign:lakeside:${i}`);

describe('seed', () => {
  it('gives every demo account four campaigns (two running, two ended) with a few hundred responses, counts matching', async () => {
    for (const account of Object.values(h.accounts)) {
      const rows = await h.db.select().from(campaigns).where(eq(campaigns.accountId, account.id));
      expect(rows).toHaveLength(demoCampaigns.length);
      expect(rows.filter((r) => r.status === 'running')).toHaveLength(2);
      expect(rows.filter((r) => r.status === 'ended')).toHaveLength(2);
      const [responses] = await h.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.accountId, account.id));
      expect(responses!.n).toBeGreaterThanOrEqual(300);
      for (const row of rows) {
        const [mine] = await h.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.campaignId, row.id));
        expect(row.completedCount).toBe(mine!.n);
        expect(row.reachedCount).toBeGreaterThanOrEqual(row.completedCount);
        expect(row.requestCount).toBeGreaterThanOrEqual(row.reachedCount);
      }
    }
  });

  it('spreads the responses over the recent weeks, the same answers on every seed (fixed ids)', async () => {
    const [span] = await h.db
      .select({ oldest: sql<string>`min(${surveyResponses.endTimestamp})::text`, newest: sql<string>`max(${surveyResponses.endTimestamp})::text` })
      .from(surveyResponses)
      .where(eq(surveyResponses.campaignId, riversideCampaign(0)));
    const now = await dbNow();
    expect(now.getTime() - new Date(span!.oldest).getTime()).toBeLessThanOrEqual(7 * 7 * 86_400_000);
    expect(now.getTime() - new Date(span!.oldest).getTime()).toBeGreaterThan(14 * 86_400_000);
    expect(new Date(span!.newest).getTime()).toBeLessThanOrEqual(now.getTime());
    const first = (await (await h.call('manager', `/surveys/campaigns/${riversideCampaign(0)}/surveys/${seedId('survey:riverside:0:0')}`)).json()) as SurveyResponse;
    expect(first.campaignId).toBe(riversideCampaign(0));
    expect(first.answers[0]).toMatchObject({ questionText: demoCampaigns[0]!.question, type: 'three' });
    const seeded = await get(riversideCampaign(0));
    expect(seeded).toMatchObject({ responseCount: demoCampaigns[0]!.responses, completedCount: demoCampaigns[0]!.responses, status: 'running' });
  });

  it('grants the campaigns to the Practice Administrator (all) and to Read Only (GET)', async () => {
    const [admin] = await h.db.select().from(roles).where(eq(roles.id, roleId('riverside', 'Practice Administrator')));
    const [viewer] = await h.db.select().from(roles).where(eq(roles.id, roleId('riverside', 'Read Only')));
    expect(isAllowed(admin!.resources, '/surveys/campaigns', 'POST')).toBe(true);
    expect(isAllowed(admin!.resources, '/surveys/campaigns/{id}', 'PATCH')).toBe(true);
    expect(isAllowed(admin!.resources, '/surveys/campaigns/{campaignId}/surveys', 'GET')).toBe(true);
    expect(isAllowed(viewer!.resources, '/surveys/campaigns', 'GET')).toBe(true);
    expect(isAllowed(viewer!.resources, '/surveys/campaigns/{campaignId}/surveys', 'GET')).toBe(true);
    expect(isAllowed(viewer!.resources, '/surveys/campaigns', 'POST')).toBe(false);
    expect(isAllowed(viewer!.resources, '/surveys/campaigns/{id}', 'PATCH')).toBe(false);
  });
});

describe('create (spec §4 status rules)', () => {
  it('is running, starts now and — as spec §4 says — ends now; records its creator', async () => {
    const before = await dbNow();
    const id = await create(form({ name: 'Status rules create' }));
    const after = await dbNow();
    const campaign = await get(id);
    expect(campaign).toMatchObject({ resourceType: 'Campaign', id, accountId: h.accounts.riverside.id, name: 'Status rules create', status: 'running', version: 1, completedCount: 0, reachedCount: 0, requestCount: 0, responseCount: 0 });
    expect(campaign.endTimestamp).not.toBeNull();
    const end = new Date(campaign.endTimestamp!).getTime();
    expect(end).toBeGreaterThanOrEqual(before.getTime());
    expect(end).toBeLessThanOrEqual(after.getTime());
    expect(campaign.startTimestamp).toBe(campaign.endTimestamp);
    expect(campaign.createdById).toBe(seedId('person:manager'));
    expect(campaign.createdBy).toBe('Maria Lopez');
  });

  it("stores the form as spec §3's questions: the question with the survey type, then the comment label", async () => {
    const withComment = await get(await create(form({ surveyType: 'thumbs', question: '  Was it easy?  ', commentLabel: 'Why?' })));
    expect(withComment.questions).toEqual([
      { questionText: 'Was it easy?', type: 'thumbs' },
      { questionText: 'Why?', type: 'comment' },
    ]);
    expect(withComment).toMatchObject({ surveyType: 'thumbs', question: 'Was it easy?', commentLabel: 'Why?' });
    const without = await get(await create(form({ commentLabel: '' })));
    expect(without.questions).toEqual([{ questionText: 'How was your visit?', type: 'three' }]);
    expect(without.commentLabel).toBeNull();
    const bare = await get(await create({ name: fresh(), surveyType: 'three', question: 'Q?' }));
    expect(bare).toMatchObject({ description: null, commentLabel: null });
  });

  it('answers publicUrl: the public survey page on the configured portal origin', async () => {
    const api = createApi({ ...h.deps, publicUrl: 'https://portal.example.test' });
    const id = await create();
    const res = await api.request(`/surveys/campaigns/${id}`, { headers: { Authorization: `Bearer ${await h.token('manager')}` } });
    expect(((await res.json()) as Campaign).publicUrl).toBe(`https://portal.example.test/survey/${id}`);
    // Without a configured origin, the request's own.
    expect((await get(id)).publicUrl).toBe(`http://localhost/survey/${id}`);
  });

  it('writes an audit row with the campaign after', async () => {
    const id = await create(form({ name: 'Audited campaign' }));
    const rows = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'Campaign'), eq(auditLog.resourceId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', accountId: h.accounts.riverside.id, actorName: 'Maria Lopez' });
    expect(rows[0]!.after).toMatchObject({ name: 'Audited campaign', status: 'running' });
  });

  it('refuses bad fields, each named, without echoing what was sent', async () => {
    const marker = 'zq7echoMarker';
    for (const [body, field, message] of [
      [{ surveyType: 'three', question: 'Q' }, 'name', messages.campaignNameRequired],
      [form({ name: '   ' }), 'name', messages.campaignNameRequired],
      [form({ name: 'x'.repeat(201) }), 'name', messages.campaignNameTooLong],
      [form({ surveyType: marker }), 'surveyType', messages.campaignSurveyTypeInvalid],
      [form({ surveyType: 'comment' }), 'surveyType', messages.campaignSurveyTypeInvalid],
      [form({ question: '' }), 'question', messages.campaignQuestionRequired],
      [form({ question: 'q'.repeat(501) }), 'question', messages.campaignQuestionTooLong],
      [form({ commentLabel: 'c'.repeat(201) }), 'commentLabel', messages.campaignCommentLabelTooLong],
      [form({ description: 'd'.repeat(1001) }), 'description', messages.campaignDescriptionTooLong],
      [form({ name: `a\u0000${marker}` }), 'name', messages.textInvalid],
    ] as const) {
      const res = await send('manager', 'POST', '/surveys/campaigns', body);
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(text).not.toContain(marker);
      expect((JSON.parse(text) as ErrorBody).error.fields?.[field]).toBe(message);
    }
    const [left] = await h.db.select({ n: count() }).from(campaigns).where(sql`${campaigns.name} like ${'%' + marker + '%'}`);
    expect(left!.n).toBe(0);
  });

  it('is refused to Read Only (403) and allowed to the instance administrator acting in the account', async () => {
    expect((await send('viewer', 'POST', '/surveys/campaigns', form())).status).toBe(403);
    const res = await send('admin', 'POST', `/surveys/campaigns?accountId=${h.accounts.lakeside.id}`, form({ name: 'Admin in Lakeside' }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await h.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row!.accountId).toBe(h.accounts.lakeside.id);
  });
});

describe('edit (spec §4 status rules, versioned)', () => {
  it('an ended campaign runs again: startTimestamp now, endTimestamp cleared, version up, counts kept', async () => {
    const id = lakesideCampaign(2); // Telehealth pilot: ended
    const path = `/surveys/campaigns/${id}?accountId=${h.accounts.lakeside.id}`;
    const current = (await (await h.call('admin', path)).json()) as Campaign;
    expect(current.status).toBe('ended');
    expect(current.endTimestamp).not.toBeNull();
    const before = await dbNow();
    const res = await h.call('admin', path, { method: 'PATCH', json: { version: current.version, description: 'Second round' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = (await res.json()) as Campaign;
    expect(edited).toMatchObject({ status: 'running', endTimestamp: null, description: 'Second round', version: current.version + 1, completedCount: current.completedCount, responseCount: current.responseCount, questions: current.questions });
    expect(new Date(edited.startTimestamp).getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(new Date(edited.startTimestamp).getTime()).toBeGreaterThan(new Date(current.startTimestamp).getTime());
    expect(await (await h.call('admin', path)).json()).toEqual(edited);
  });

  it('an edit of a just-created campaign clears the endTimestamp create set, even with nothing changed', async () => {
    const id = await create();
    const created = await get(id);
    const res = await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { version: 1, name: created.name });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as Campaign;
    expect(created.endTimestamp).not.toBeNull();
    expect(edited).toMatchObject({ status: 'running', endTimestamp: null, version: 2 });
  });

  it('an empty PATCH (a version and no field) is no edit: it changes nothing (issue 24)', async () => {
    const id = await create();
    const created = await get(id);
    const res = await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { version: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(created);
  });

  it('changes the question and survey type, keeping the comment label unless sent; null removes it', async () => {
    const id = await create(form({ surveyType: 'thumbs', question: 'Old?', commentLabel: 'Why?' }));
    let res = await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { version: 1, surveyType: 'three', question: 'New?' });
    expect(((await res.json()) as Campaign).questions).toEqual([
      { questionText: 'New?', type: 'three' },
      { questionText: 'Why?', type: 'comment' },
    ]);
    res = await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { version: 2, commentLabel: null });
    expect(((await res.json()) as Campaign).questions).toEqual([{ questionText: 'New?', type: 'three' }]);
  });

  it('refuses a stale version with 409 and changes nothing; audits each edit with before and after', async () => {
    const id = await create(form({ name: 'Versioned' }));
    expect((await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { version: 1, name: 'Versioned 2' })).status).toBe(200);
    const stale = await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { version: 1, name: 'Versioned 3' });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toBe(messages.conflict);
    expect((await get(id)).name).toBe('Versioned 2');
    const rows = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'Campaign'), eq(auditLog.resourceId, id))).orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]!.before).toMatchObject({ name: 'Versioned' });
    expect(rows[1]!.after).toMatchObject({ name: 'Versioned 2', status: 'running', endTimestamp: null });
  });

  it('takes spec §3’s questions ([{ questionText, type }]) on create and edit, beside or instead of the form’s fields (issue 44)', async () => {
    const id = await create({ name: fresh(), description: 'Spec shape', questions: [{ questionText: 'Was it quick?', type: 'thumbs' }, { questionText: 'Why?', type: 'comment' }] });
    expect(await get(id)).toMatchObject({
      questions: [{ questionText: 'Was it quick?', type: 'thumbs' }, { questionText: 'Why?', type: 'comment' }],
      surveyType: 'thumbs',
      question: 'Was it quick?',
      commentLabel: 'Why?',
    });
    const edited = await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { questions: [{ questionText: 'How was it?', type: 'three' }] });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await edited.json()).toMatchObject({ questions: [{ questionText: 'How was it?', type: 'three' }], commentLabel: null, version: 2 });
    // A campaign read and sent back whole carries both; they agree.
    const whole = await get(id);
    expect((await send('manager', 'PATCH', `/surveys/campaigns/${id}`, whole)).status).toBe(200);
    for (const [body, field, message] of [
      [{ name: fresh(), questions: [] }, 'questions', messages.campaignQuestionsInvalid],
      [{ name: fresh(), questions: [{ questionText: 'Comment only', type: 'comment' }] }, 'questions', messages.campaignQuestionsInvalid],
      [{ name: fresh(), questions: [{ questionText: 'Q', type: 'stars' }] }, 'questions.0.type', messages.campaignQuestionsInvalid],
      [{ name: fresh(), questions: [{ questionText: 'Q', type: 'three' }], surveyType: 'thumbs' }, 'questions', messages.campaignQuestionsDisagree],
      [{ name: fresh() }, 'surveyType', messages.campaignSurveyTypeInvalid],
    ] as const) {
      const refused = await send('manager', 'POST', '/surveys/campaigns', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(refused)).fields?.[field], JSON.stringify(body)).toBe(message);
    }
  });

    it('applies to the current version without one (issue 44), refuses bad fields, and is refused to Read Only', async () => {
    const id = await create();
    const noVersion = await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { name: 'x' });
    expect(noVersion.status).toBe(200);
    expect(await noVersion.json()).toMatchObject({ name: 'x', version: 2 });
    const bad = await send('manager', 'PATCH', `/surveys/campaigns/${id}`, { version: 2, name: '' });
    expect((await errorOf(bad)).fields?.name).toBe(messages.campaignNameRequired);
    expect((await send('viewer', 'PATCH', `/surveys/campaigns/${id}`, { version: 2, name: 'Viewer edit' })).status).toBe(403);
    expect((await get(id)).version).toBe(2);
  });
});

describe('not found and tenancy', () => {
  it("answers 'Campaign not found' for an unknown id, a malformed one and another account's", async () => {
    for (const path of [`/surveys/campaigns/${seedId('campaign:none')}`, '/surveys/campaigns/not-an-id', `/surveys/campaigns/${lakesideCampaign(0)}`]) {
      const res = await h.call('manager', path);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(messages.campaignNotFound);
    }
    const patch = await send('manager', 'PATCH', `/surveys/campaigns/${lakesideCampaign(0)}`, { version: 1, name: 'Hijack' });
    expect(patch.status).toBe(404);
    expect((await errorOf(patch)).message).toBe(messages.campaignNotFound);
    const [row] = await h.db.select().from(campaigns).where(eq(campaigns.id, lakesideCampaign(0)));
    expect(row!.name).not.toBe('Hijack');
    // Another account's results are not found either.
    const results = await h.call('manager', `/surveys/campaigns/${lakesideCampaign(0)}/surveys`);
    expect(results.status).toBe(404);
    expect((await errorOf(results)).message).toBe(messages.campaignNotFound);
    const response = await h.call('manager', `/surveys/campaigns/${lakesideCampaign(0)}/surveys/${seedId('survey:lakeside:0:0')}`);
    expect((await errorOf(response)).message).toBe(messages.campaignNotFound);
  });

  it("answers 'Campaign response not found' for an unknown response, or one of another campaign", async () => {
    for (const surveyId of [seedId('survey:none'), 'nope', seedId('survey:riverside:1:0')]) {
      const res = await h.call('manager', `/surveys/campaigns/${riversideCampaign(0)}/surveys/${surveyId}`);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(messages.campaignResponseNotFound);
    }
  });

  it("lists only the request account's campaigns", async () => {
    const { items, total } = await list('limit=50');
    const [own] = await h.db.select({ n: count() }).from(campaigns).where(eq(campaigns.accountId, h.accounts.riverside.id));
    expect(total).toBe(own!.n);
    const ids = new Set(items.map((i) => i.id));
    expect(ids.has(riversideCampaign(0))).toBe(true);
    expect(ids.has(lakesideCampaign(0))).toBe(false);
  });
});

describe('list', () => {
  it('has the columns of the list (in the whole §3 campaign, issue 44) with counts, sorts, filters by name or status, and pages', async () => {
    const page = await list('sort=name&order=asc&limit=50&q=Telehealth');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: riversideCampaign(2),
      name: 'Telehealth pilot',
      status: 'ended',
      surveyType: 'three',
      startTimestamp: expect.any(String),
      endTimestamp: expect.any(String),
      requestCount: expect.any(Number),
      reachedCount: expect.any(Number),
      completedCount: demoCampaigns[2]!.responses,
      responseCount: demoCampaigns[2]!.responses,
    });
    const ended = await list('status=ended&limit=50');
    expect(ended.items.every((i) => i.status === 'ended')).toBe(true);
    expect(ended.items.map((i) => i.id)).toEqual(expect.arrayContaining([riversideCampaign(2), riversideCampaign(3)]));
    const byResponses = await list('sort=responseCount&order=desc&limit=50');
    const counts = byResponses.items.map((i) => i.responseCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(byResponses.items[0]!.id).toBe(riversideCampaign(0));
    const names = (await list('sort=name&order=asc&limit=50')).items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = await list('sort=name&limit=10&page=1');
    const second = await list('sort=name&limit=10&page=2');
    expect(second.offset).toBe(10);
    expect(first.items.map((i) => i.id)).not.toContain(second.items[0]?.id);
    expect((await list(`q=${riversideCampaign(1)}`)).items.map((i) => i.id)).toEqual([riversideCampaign(1)]);
  });

  it('is readable by Read Only', async () => {
    expect((await list('limit=10', 'viewer')).total).toBeGreaterThan(0);
  });
});

describe('results', () => {
  const results = async (campaignId: string, query = '', user: DemoUser = 'manager') => {
    const res = await h.call(user, `/surveys/campaigns/${campaignId}/surveys?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SurveyResponseList;
  };

  it('pages the responses newest first, with the answer and comment, and counts them all', async () => {
    const page = await results(riversideCampaign(0));
    expect(page.total).toBe(demoCampaigns[0]!.responses);
    expect(page.items).toHaveLength(10);
    const ends = page.items.map((i) => i.endTimestamp);
    expect(ends).toEqual([...ends].sort().reverse());
    expect(page.items.every((i) => [1, 2, 3].includes(i.answer!))).toBe(true);
    const all = await results(riversideCampaign(0), 'limit=500');
    expect(all.items).toHaveLength(demoCampaigns[0]!.responses);
    const byAnswer = (await results(riversideCampaign(0), 'sort=answer&order=asc&limit=500')).items.map((i) => i.answer!);
    expect(byAnswer).toEqual([...byAnswer].sort());
  });

  it('filters by the comment text (q) and is readable by Read Only', async () => {
    const filtered = await results(riversideCampaign(0), 'q=wait&limit=500', 'viewer');
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.items.every((i) => i.comment?.toLowerCase().includes('wait'))).toBe(true);
  });

  it('an empty campaign answers no items (the screen says there were no results)', async () => {
    const id = await create();
    expect(await results(id)).toEqual({ items: [], total: 0, limit: 10, offset: 0 });
  });

  it('one response: its answers, externalId, externalUser and query parameters', async () => {
    const id = seedId('survey:riverside:0:3');
    const res = await h.call('manager', `/surveys/campaigns/${riversideCampaign(0)}/surveys/${id}`);
    const response = (await res.json()) as SurveyResponse;
    expect(response).toMatchObject({ resourceType: 'SurveyResponse', id, accountId: h.accounts.riverside.id, campaignId: riversideCampaign(0) });
    expect(response.externalId).toMatch(/^PT-/);
    expect(response.queryParameters).toMatchObject({ externalId: response.externalId, source: 'sms' });
  });
});

describe('timeline (the chart)', () => {
  it('counts the answers per UTC day over the window, every day present, the series of the survey type', async () => {
    const res = await h.call('manager', `/surveys/campaigns/${riversideCampaign(0)}/timeline?days=60`);
    expect(res.status).toBe(200);
    const timeline = (await res.json()) as CampaignTimeline;
    expect(timeline.surveyType).toBe('three');
    expect(timeline.series.map((s) => [s.key, s.value])).toEqual([['good', 1], ['neutral', 3], ['bad', 2]]);
    expect(timeline.days).toHaveLength(60);
    const dates = timeline.days.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(60);
    // Six weeks of seeded responses all fall within 60 days.
    expect(timeline.days.reduce((sum, d) => sum + d.total, 0)).toBe(demoCampaigns[0]!.responses);
    for (const day of timeline.days) expect((day.answers.good ?? 0) + (day.answers.neutral ?? 0) + (day.answers.bad ?? 0)).toBe(day.total);
    const [goods] = await h.db.select({ n: count() }).from(surveyResponses).where(and(eq(surveyResponses.campaignId, riversideCampaign(0)), eq(surveyResponses.answer, 1)));
    expect(timeline.days.reduce((sum, d) => sum + (d.answers.good ?? 0), 0)).toBe(goods!.n);
  });

  it('a thumbs campaign has up and down; days is bounded; another account is not found', async () => {
    const thumbs = (await (await h.call('manager', `/surveys/campaigns/${riversideCampaign(1)}/timeline?days=7`)).json()) as CampaignTimeline;
    expect(thumbs.series.map((s) => s.key)).toEqual(['up', 'down']);
    expect(thumbs.days).toHaveLength(7);
    expect(Object.keys(thumbs.days[0]!.answers).sort()).toEqual(['down', 'up']);
    const huge = (await (await h.call('manager', `/surveys/campaigns/${riversideCampaign(1)}/timeline?days=100000`)).json()) as CampaignTimeline;
    expect(huge.days).toHaveLength(90);
    expect((await h.call('manager', `/surveys/campaigns/${lakesideCampaign(0)}/timeline`)).status).toBe(404);
  });
});

describe('search', () => {
  it('the palette finds campaigns by name, typos and all, in the account only', async () => {
    const res = await h.call('manager', '/search?q=telehelth');
    const answer = (await res.json()) as SearchAnswer;
    const group = answer.groups.find((g) => g.type === 'campaign');
    expect(group?.label).toBe('Campaigns');
    expect(group?.hits.map((hit) => hit.id)).toEqual([riversideCampaign(2)]);
    expect(group?.hits[0]).toMatchObject({ title: 'Telehealth pilot', path: `/campaigns/campaign/${riversideCampaign(2)}` });
    const byId = (await (await h.call('manager', `/search?q=${riversideCampaign(3)}`)).json()) as SearchAnswer;
    expect(byId.exact?.id).toBe(riversideCampaign(3));
  });
});

// Last: it reseeds the demo campaigns (same ids, new times).
describe('seed of a database from before campaigns', () => {
  it('adds the campaigns and grants them to the demo roles on the next start, once', async () => {
    await h.db.delete(campaigns).where(sql`${campaigns.id} in (${sql.join([0, 1, 2, 3].flatMap((i) => [riversideCampaign(i), lakesideCampaign(i), seedId(`campaign:astera:${i}`)]).map((id) => sql`${id}::uuid`), sql`, `)})`);
    await h.db.delete(meta).where(eq(meta.key, 'seeded.campaigns'));
    for (const role of ['Practice Administrator', 'Read Only']) {
      await h.db
        .update(roles)
        .set({ resources: sql`${roles.resources} - '/surveys/campaigns' - '/surveys/campaigns/{id}' - '/surveys/campaigns/{campaignId}/surveys'` })
        .where(eq(roles.id, roleId('riverside', role)));
    }
    const [stripped] = await h.db.select().from(roles).where(eq(roles.id, roleId('riverside', 'Read Only')));
    expect(isAllowed(stripped!.resources, '/surveys/campaigns', 'GET')).toBe(false);
    expect(await seed(h.db)).toBe(true);
    expect(await seed(h.db)).toBe(false);
    const [admin] = await h.db.select().from(roles).where(eq(roles.id, roleId('riverside', 'Practice Administrator')));
    const [viewer] = await h.db.select().from(roles).where(eq(roles.id, roleId('riverside', 'Read Only')));
    expect(isAllowed(admin!.resources, '/surveys/campaigns/{id}', 'PATCH')).toBe(true);
    expect(isAllowed(viewer!.resources, '/surveys/campaigns', 'GET')).toBe(true);
    expect(isAllowed(viewer!.resources, '/surveys/campaigns', 'POST')).toBe(false);
    const [responses] = await h.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.campaignId, riversideCampaign(0)));
    expect(responses!.n).toBe(demoCampaigns[0]!.responses);
  });
});
