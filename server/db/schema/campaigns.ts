/** Survey campaigns and their responses. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CampaignQuestion, CampaignStatus, SurveyAnswer } from '../../../domain/campaigns.ts';
import { common } from './columns.ts';

/**
 * Survey campaigns (spec §3 Campaign, §4; issue 11). `completed_count` is raised in the response's
 * own transaction (a row update, so concurrent responses serialise on it) and never bumps
 * `version`: a response arriving is no reason for an editor's save to conflict.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...common,
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').$type<CampaignStatus>().notNull().default('running'),
    startTimestamp: timestamp('start_timestamp', { withTimezone: true }).notNull().defaultNow(),
    endTimestamp: timestamp('end_timestamp', { withTimezone: true }),
    questions: jsonb('questions').$type<CampaignQuestion[]>().notNull(),
    completedCount: integer('completed_count').notNull().default(0),
    reachedCount: integer('reached_count').notNull().default(0),
    requestCount: integer('request_count').notNull().default(0),
    /** The user who created it (the "first response" notification's recipient); null when seeded or made by an API key. */
    createdById: uuid('created_by_id'),
  },
  (t) => [index('campaigns_account_name').on(t.accountId, t.name, t.id)],
);

/**
 * The patients' answers (spec §3 Survey response). `answer` and `comment` repeat what `answers`
 * holds, as columns the results grid sorts and filters on and the chart counts.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    startTimestamp: timestamp('start_timestamp', { withTimezone: true }).notNull().defaultNow(),
    endTimestamp: timestamp('end_timestamp', { withTimezone: true }).notNull().defaultNow(),
    answers: jsonb('answers').$type<SurveyAnswer[]>().notNull(),
    answer: integer('answer'),
    comment: text('comment'),
    externalId: text('external_id'),
    externalUser: text('external_user'),
    queryParameters: jsonb('query_parameters').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    // One response per externalId per campaign (issue 11); the check before the insert gives the message, this settles races.
    uniqueIndex('survey_responses_campaign_external_unique').on(t.campaignId, t.externalId).where(sql`external_id is not null`),
    index('survey_responses_account_campaign_end').on(t.accountId, t.campaignId, t.endTimestamp, t.id),
  ],
);
