import type { AnswerValue, CampaignStatus, SurveyAnswer, SurveyType } from '../../domain/campaigns.ts';
import type { Tx } from '../db/client.ts';
import { prng, seedOf } from './demo-persons.ts';
import { campaigns, surveyResponses } from '../db/schema/index.ts';
import { eq, sql } from 'drizzle-orm';
import { grantAll } from '../../domain/permissions.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';
import { roles } from '../db/schema/index.ts';

type DemoCampaign = {
  name: string;
  description: string;
  surveyType: SurveyType;
  question: string;
  commentLabel: string | null;
  status: CampaignStatus;
  /** Responses seeded, over `weeks` weeks ending `endedWeeksAgo` weeks before the seed. */
  responses: number;
  weeks: number;
  endedWeeksAgo: number;
};

/** Four campaigns per practice: two running, two ended; about 400 responses in all. */
export const demoCampaigns: DemoCampaign[] = [
  {
    name: 'After-visit satisfaction',
    description: 'Sent the day after every office visit.',
    surveyType: 'three',
    question: 'How was your visit with us?',
    commentLabel: 'Anything we could do better?',
    status: 'running',
    responses: 180,
    weeks: 6,
    endedWeeksAgo: 0,
  },
  {
    name: 'Flu shot reminder follow-up',
    description: 'Did the reminder help patients get their flu shot?',
    surveyType: 'thumbs',
    question: 'Did our reminder help you get your flu shot?',
    commentLabel: 'Tell us more (optional)',
    status: 'running',
    responses: 120,
    weeks: 4,
    endedWeeksAgo: 0,
  },
  {
    name: 'Telehealth pilot',
    description: 'Video visits pilot, spring.',
    surveyType: 'three',
    question: 'How was your video visit?',
    commentLabel: 'What would make video visits better?',
    status: 'ended',
    responses: 70,
    weeks: 3,
    endedWeeksAgo: 2,
  },
  {
    name: 'New patient portal',
    description: 'Quick check on the new online check-in.',
    surveyType: 'thumbs',
    question: 'Was online check-in easy?',
    commentLabel: null,
    status: 'ended',
    responses: 40,
    weeks: 2,
    endedWeeksAgo: 1,
  },
];

const comments = [
  'Friendly front desk, short wait.',
  'The wait was too long.',
  'Dr. was very thorough, thank you!',
  'Parking is hard to find.',
  'Easy to book, great reminders.',
  'Please call back sooner next time.',
  'Everything was fine.',
  'Muy buena atención, gracias.',
  'The nurse explained everything clearly.',
  'Video kept freezing.',
];

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo campaigns of one account with their responses: the same names, answers, comments and
 * ids on every seed (one pseudo-random sequence per account and campaign); the times are placed
 * relative to `now`, so the responses are always of the recent weeks.
 */
export async function insertDemoCampaigns(tx: Tx, opts: { accountId: string; key: string; id: (name: string) => string; actor: string; now: Date }) {
  const { accountId, key, actor, now } = opts;
  for (const [index, demo] of demoCampaigns.entries()) {
    const random = prng(seedOf(`campaign:${key}:${index}`));
    const campaignId = opts.id(`campaign:${key}:${index}`);
    const end = now.getTime() - demo.endedWeeksAgo * 7 * DAY;
    const start = end - demo.weeks * 7 * DAY;
    // Good answers are the most common, like real satisfaction surveys; each campaign a little different.
    const weights: [AnswerValue, number][] =
      demo.surveyType === 'three'
        ? [
            [1, 6 + random.int(3)],
            [3, 2 + random.int(2)],
            [2, 1 + random.int(2)],
          ]
        : [
            [1, 7 + random.int(3)],
            [2, 2 + random.int(2)],
          ];
    const rows = Array.from({ length: demo.responses }, (_, n) => {
      const at = new Date(start + Math.floor(random.next() * (end - start)));
      const answer = random.weighted(weights);
      const comment = demo.commentLabel && random.chance(0.3) ? random.pick(comments) : null;
      const answers: SurveyAnswer[] = [
        { questionText: demo.question, type: demo.surveyType, answer },
        ...(comment && demo.commentLabel ? [{ questionText: demo.commentLabel, type: 'comment' as const, answer: comment }] : []),
      ];
      const externalId = `PT-${String(100000 + seedOf(`${key}:${index}:${n}`) % 900000)}-${n}`;
      const externalUser = `+1555${String(1000000 + random.int(9000000))}`;
      return {
        id: opts.id(`survey:${key}:${index}:${n}`),
        accountId,
        campaignId,
        startTimestamp: new Date(at.getTime() - (30 + random.int(240)) * 1000),
        endTimestamp: at,
        answers,
        answer,
        comment,
        externalId,
        externalUser,
        queryParameters: { externalId, externalUser, source: 'sms' },
      };
    });
    const completed = rows.length;
    const reached = completed + 20 + random.int(Math.max(1, completed));
    await tx.insert(campaigns).values({
      id: campaignId,
      accountId,
      createdBy: actor,
      modifiedBy: actor,
      name: demo.name,
      description: demo.description,
      status: demo.status,
      startTimestamp: new Date(start),
      endTimestamp: demo.status === 'ended' ? new Date(end) : null,
      questions: [{ questionText: demo.question, type: demo.surveyType }, ...(demo.commentLabel ? [{ questionText: demo.commentLabel, type: 'comment' as const }] : [])],
      completedCount: completed,
      reachedCount: reached,
      requestCount: reached + 10 + random.int(60),
      createdById: null,
    });
    for (let i = 0; i < rows.length; i += 200) await tx.insert(surveyResponses).values(rows.slice(i, i + 200));
  }
}

/** The survey resources (issue 11) granted to the demo roles of a database seeded before they existed. */
const surveyGrants = {
  'Practice Administrator': grantAll((r) => r.startsWith('/surveys/')),
  'Read Only': grantAll((r) => r.startsWith('/surveys/'), ['GET']),
} as const;

/** The seed step: survey campaigns with a few hundred responses per account. */
export async function seedDemoCampaigns({ tx, accounts, id, roleId, actor }: DemoSeed) {
  const now = new Date();
  for (const key of Object.keys(accounts) as DemoAccountKey[]) {
    await insertDemoCampaigns(tx, { accountId: accounts[key].id, key, id, actor, now });
    for (const [role, grants] of Object.entries(surveyGrants)) {
      await tx
        .update(roles)
        .set({ resources: sql`${roles.resources} || ${JSON.stringify(grants)}::jsonb` })
        .where(eq(roles.id, roleId(key, role)));
    }
  }
}
