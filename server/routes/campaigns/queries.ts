import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  answerChoices,
  type Campaign,
  type CampaignList,
  type AnswerValue,
  type CampaignQuestion,
  type CampaignSort,
  type CampaignStatus,
  type CampaignTimeline,
  type PublicCampaign,
  type SurveyResponse,
  type SurveyResponseList,
  type SurveySort,
  type SurveyType,
  campaignLimits,
  formOfQuestions,
} from '../../../domain/campaigns.ts';
import type { SortOrder } from '../../../domain/lists.ts';
import { listOffset, type ListQuery } from '../../../domain/list-query.ts';
import type { Db, Tx } from '../../db/client.ts';
import { campaigns, surveyResponses } from '../../db/schema/index.ts';
import { containsPattern } from '../../search/like.ts';
import { presentCommon } from '../../list-queries.ts';

type Reader = Db | Tx;
export type CampaignRow = typeof campaigns.$inferSelect;
export type SurveyResponseRow = typeof surveyResponses.$inferSelect;

const isAnswerValue = (n: number | null): n is AnswerValue => n === 1 || n === 2 || n === 3;

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** Spec §3's questions from the form's fields: the survey question, then the comment question when labelled. */
export function campaignQuestions(fields: { surveyType: SurveyType; question: string; commentLabel: string | null }): CampaignQuestion[] {
  return [{ questionText: fields.question, type: fields.surveyType }, ...(fields.commentLabel ? [{ questionText: fields.commentLabel, type: 'comment' as const }] : [])];
}

/** The form's fields from spec §3's questions (a campaign always has its survey question first). */
export const campaignForm = formOfQuestions;

/** The patients' page of a campaign: `{portal origin}/survey/{id}` (the SPA serves the page there). */
export const publicSurveyUrl = (origin: string, id: string) => `${origin.replace(/\/$/, '')}/survey/${id}`;

/**
 * Stored responses of the campaign, counted where the campaign is read. Written out qualified:
 * drizzle leaves a one-table select's columns unqualified, and an unqualified `id` in the
 * subquery would be the response's.
 */
const responseCount = sql<number>`(select count(*)::int from survey_responses r where r.campaign_id = "campaigns"."id")`;

export function presentCampaign(row: CampaignRow & { responseCount: number }, origin: string): Campaign {
  return {
    resourceType: 'Campaign',
    id: row.id,
    ...presentCommon(row),
    name: row.name,
    description: row.description,
    status: row.status,
    startTimestamp: row.startTimestamp.toISOString(),
    endTimestamp: row.endTimestamp?.toISOString() ?? null,
    questions: row.questions,
    ...campaignForm(row.questions),
    completedCount: row.completedCount,
    reachedCount: row.reachedCount,
    requestCount: row.requestCount,
    responseCount: row.responseCount,
    publicUrl: publicSurveyUrl(origin, row.id),
    createdById: row.createdById,
  };
}

/** What the audit log keeps of a campaign (no link, no counts: they change without an edit). */
export function auditedCampaign(row: CampaignRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    startTimestamp: row.startTimestamp.toISOString(),
    endTimestamp: row.endTimestamp?.toISOString() ?? null,
    questions: row.questions,
    version: row.version,
  };
}

/** The campaign, always inside the request's account (another account's is "not found"). */
export async function findCampaign(db: Reader, accountId: string, id: string, forUpdate = false) {
  const q = db
    .select({ campaign: campaigns, responseCount })
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, id)));
  const [row] = forUpdate ? await q.for('update', { of: campaigns }) : await q;
  return row ? { ...row.campaign, responseCount: row.responseCount } : null;
}

const campaignSortColumns: Record<CampaignSort, (AnyColumn | SQL)[]> = {
  name: [campaigns.name, campaigns.id],
  status: [campaigns.status, campaigns.name, campaigns.id],
  startTimestamp: [campaigns.startTimestamp, campaigns.id],
  endTimestamp: [campaigns.endTimestamp, campaigns.id],
  requestCount: [campaigns.requestCount, campaigns.name, campaigns.id],
  reachedCount: [campaigns.reachedCount, campaigns.name, campaigns.id],
  completedCount: [campaigns.completedCount, campaigns.name, campaigns.id],
  responseCount: [responseCount, campaigns.name, campaigns.id],
};

const ordered = (columns: (AnyColumn | SQL)[], order: SortOrder) => columns.map((c) => (order === 'asc' ? asc(c) : desc(c)));

/** A page of the account's campaigns; `q` matches the name or description, or is the id; `status` filters. */
export async function listCampaigns(db: Db, accountId: string, query: ListQuery<CampaignSort> & { status?: CampaignStatus }, origin: string): Promise<CampaignList> {
  const offset = listOffset(query);
  const filter = query.q
    ? or(ilike(campaigns.name, containsPattern(query.q)), ilike(campaigns.description, containsPattern(query.q)), isUuid(query.q) ? eq(campaigns.id, query.q.toLowerCase()) : undefined)
    : undefined;
  const where = and(eq(campaigns.accountId, accountId), filter, query.status ? eq(campaigns.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      // The whole campaign (spec §3, issue 44), as its page reads it.
      .select({ ...getTableColumns(campaigns), responseCount })
      .from(campaigns)
      .where(where)
      .orderBy(...ordered(campaignSortColumns[query.sort], query.order))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  const items = rows.map((row) => presentCampaign(row, origin));
  return { items, total: total?.n ?? 0, limit: query.limit, offset };
}

export function presentResponse(row: SurveyResponseRow): SurveyResponse {
  return {
    resourceType: 'SurveyResponse',
    id: row.id,
    accountId: row.accountId,
    campaignId: row.campaignId,
    startTimestamp: row.startTimestamp.toISOString(),
    endTimestamp: row.endTimestamp.toISOString(),
    answers: row.answers,
    externalId: row.externalId,
    externalUser: row.externalUser,
    queryParameters: row.queryParameters,
  };
}

const surveySortColumns: Record<SurveySort, AnyColumn[]> = {
  endTimestamp: [surveyResponses.endTimestamp, surveyResponses.id],
  startTimestamp: [surveyResponses.startTimestamp, surveyResponses.id],
  externalId: [surveyResponses.externalId, surveyResponses.id],
  externalUser: [surveyResponses.externalUser, surveyResponses.id],
  answer: [surveyResponses.answer, surveyResponses.endTimestamp, surveyResponses.id],
};

/** A page of the campaign's responses (the campaign is the account's: checked by the caller); `q` matches the comment, externalId or externalUser. */
export async function listResponses(
  db: Db,
  accountId: string,
  campaignId: string,
  query: Omit<ListQuery<SurveySort>, 'limit'> & { limit: number },
): Promise<SurveyResponseList> {
  // The export's larger pages (100, 500) are offsets like any other.
  const offset = query.offset ?? ((query.page ?? 1) - 1) * query.limit;
  const filter = query.q
    ? or(ilike(surveyResponses.comment, containsPattern(query.q)), ilike(surveyResponses.externalId, containsPattern(query.q)), ilike(surveyResponses.externalUser, containsPattern(query.q)))
    : undefined;
  const where = and(eq(surveyResponses.accountId, accountId), eq(surveyResponses.campaignId, campaignId), filter);
  const [rows, [total]] = await Promise.all([
    db
      // The whole response (spec §3, issue 44); its answer and comment pulled out beside it for the grid.
      .select(getTableColumns(surveyResponses))
      .from(surveyResponses)
      .where(where)
      .orderBy(...ordered(surveySortColumns[query.sort], query.order))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(surveyResponses).where(where),
  ]);
  const items = rows.map((row) => ({
    ...presentResponse(row),
    answer: isAnswerValue(row.answer) ? row.answer : null,
    comment: row.comment,
  }));
  return { items, total: total?.n ?? 0, limit: query.limit, offset };
}

export async function findResponse(db: Reader, accountId: string, campaignId: string, id: string) {
  const [row] = await db
    .select()
    .from(surveyResponses)
    .where(and(eq(surveyResponses.accountId, accountId), eq(surveyResponses.campaignId, campaignId), eq(surveyResponses.id, id)));
  return row ?? null;
}

/** Daily answer counts of the campaign over the `days` UTC days ending today, every day present (zero when none). */
export async function campaignTimeline(db: Db, campaign: { accountId: string; id: string; questions: CampaignQuestion[] }, days: number): Promise<CampaignTimeline> {
  const { surveyType } = campaignForm(campaign.questions);
  const series = [...answerChoices[surveyType]];
  const result = await db.execute<{ date: string; total: number; a1: number; a2: number; a3: number }>(sql`
    with window_days as (
      select d::date as day
      from generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') as d
    ),
    counted as (
      select (${surveyResponses.endTimestamp} at time zone 'UTC')::date as day,
             count(*)::int as total,
             (count(*) filter (where ${surveyResponses.answer} = 1))::int as a1,
             (count(*) filter (where ${surveyResponses.answer} = 2))::int as a2,
             (count(*) filter (where ${surveyResponses.answer} = 3))::int as a3
      from ${surveyResponses}
      where ${surveyResponses.accountId} = ${campaign.accountId} and ${surveyResponses.campaignId} = ${campaign.id}
        and ${surveyResponses.endTimestamp} >= ((now() at time zone 'UTC')::date - ${days - 1}::int)::timestamp at time zone 'UTC'
      group by 1
    )
    select to_char(w.day, 'YYYY-MM-DD') as date, coalesce(c.total, 0) as total, coalesce(c.a1, 0) as a1, coalesce(c.a2, 0) as a2, coalesce(c.a3, 0) as a3
    from window_days w left join counted c on c.day = w.day
    order by w.day
  `);
  return {
    surveyType,
    series,
    days: result.rows.map((row) => ({
      date: row.date,
      total: row.total,
      answers: Object.fromEntries(series.map((choice) => [choice.key, choice.value === 1 ? row.a1 : choice.value === 2 ? row.a2 : row.a3])),
    })),
  };
}

/** The campaign's account is active: a deactivated practice's surveys take no answers. */
export const ofActiveAccount = sql`exists (select 1 from accounts a where a.id = "campaigns"."account_id" and a.active)`;

/** A campaign that takes answers, by id only (the public page knows no account); null when unknown, not running, or of a deactivated account. */
export async function findRunningCampaign(db: Reader, id: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.status, 'running'), ofActiveAccount));
  return row ?? null;
}

/** The patients' page's view: nothing of the account, the counts or who made it. */
export function presentPublicCampaign(row: CampaignRow, received: boolean): PublicCampaign {
  const form = campaignForm(row.questions);
  return { id: row.id, name: row.name, ...form, choices: [...answerChoices[form.surveyType]], commentMaxLength: campaignLimits.comment, received };
}

/** Whether this campaign already has the answer of the link with this externalId (answered once per externalId). */
export async function isAnswerReceived(db: Reader, campaignId: string, externalId: string | null) {
  if (externalId === null) return false;
  const [row] = await db
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.campaignId, campaignId), eq(surveyResponses.externalId, externalId)))
    .limit(1);
  return row !== undefined;
}
