import * as v from 'valibot';
import {
  campaignStatuses,
  questionTypes,
  surveyTypes,
  type Campaign,
  type CampaignList,
  type CampaignTimeline,
  type PublicCampaign,
  type PublicSurveyAccepted,
  type RecipientLink,
  type SurveyResponse,
  type SurveyResponseList,
} from '../../../domain/campaigns.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, commonFields, createdSchema, dateTime, example, exampleCommon, isoDate, pageFields, uuid } from '../../openapi/schemas.ts';

/** Survey campaigns, their responses and the patients' public survey (server/routes/campaigns/): answers, with examples. */

const answerKey = v.picklist(['up', 'down', 'good', 'neutral', 'bad']);
const answerValue = v.picklist([1, 2, 3]);
const choice = v.object({ key: answerKey, value: answerValue, label: v.string() });

const campaignAnswer = answerOf<Campaign>()(
  v.object({
    ...commonFields,
    resourceType: v.literal('Campaign'),
    name: v.string(),
    description: v.nullable(v.string()),
    status: v.picklist(campaignStatuses),
    startTimestamp: dateTime,
    endTimestamp: v.pipe(v.nullable(dateTime), v.description('Null after an edit.')),
    questions: v.pipe(v.array(v.object({ questionText: v.string(), type: v.picklist(questionTypes) })), v.description('The survey question, then the comment question when there is a label.')),
    surveyType: v.picklist(surveyTypes),
    question: v.string(),
    commentLabel: v.nullable(v.string()),
    completedCount: v.number(),
    reachedCount: v.number(),
    requestCount: v.number(),
    responseCount: v.number(),
    publicUrl: v.pipe(v.string(), v.description("The patients' page of this campaign (the SMS link).")),
    createdById: v.nullable(uuid),
  }),
);

const campaignListAnswer = answerOf<CampaignList>()(
  v.object({
    ...pageFields,
    items: v.pipe(v.array(campaignAnswer), v.description('Each campaign whole (spec §3).')),
  }),
);

const surveyResponseAnswer = answerOf<SurveyResponse>()(
  v.object({
    resourceType: v.literal('SurveyResponse'),
    id: uuid,
    accountId: uuid,
    campaignId: uuid,
    startTimestamp: dateTime,
    endTimestamp: dateTime,
    answers: v.array(
      v.union([
        v.object({ questionText: v.string(), type: v.picklist(surveyTypes), answer: answerValue }),
        v.object({ questionText: v.string(), type: v.literal('comment'), answer: v.string() }),
      ]),
    ),
    externalId: v.nullable(v.string()),
    externalUser: v.nullable(v.string()),
    queryParameters: v.record(v.string(), v.string()),
  }),
);

const surveyResponseListAnswer = answerOf<SurveyResponseList>()(
  v.object({
    ...pageFields,
    items: v.array(
      v.object({
        ...surveyResponseAnswer.entries,
        answer: v.pipe(v.nullable(answerValue), v.description('The survey question’s answer (a list column).')),
        comment: v.pipe(v.nullable(v.string()), v.description('The comment (a list column).')),
      }),
    ),
  }),
);

const timelineAnswer = answerOf<CampaignTimeline>()(
  v.object({
    surveyType: v.picklist(surveyTypes),
    series: v.array(choice),
    days: v.array(v.object({ date: isoDate, total: v.number(), answers: v.record(answerKey, v.number()) })),
  }),
);

const publicCampaignAnswer = answerOf<PublicCampaign>()(
  v.object({
    id: uuid,
    name: v.string(),
    surveyType: v.picklist(surveyTypes),
    question: v.string(),
    commentLabel: v.pipe(v.nullable(v.string()), v.description('Null: no comment box.')),
    choices: v.array(choice),
    commentMaxLength: v.number(),
    received: v.pipe(v.boolean(), v.description("The link's answer was already received.")),
  }),
);

const campaign: Campaign = {
  ...exampleCommon(),
  resourceType: 'Campaign',
  name: 'After-visit feedback',
  description: 'Sent the day after a visit.',
  status: 'running',
  startTimestamp: example.time,
  endTimestamp: null,
  questions: [
    { questionText: 'How was your visit?', type: 'three' },
    { questionText: 'Anything we should know?', type: 'comment' },
  ],
  surveyType: 'three',
  question: 'How was your visit?',
  commentLabel: 'Anything we should know?',
  completedCount: 12,
  reachedCount: 40,
  requestCount: 42,
  responseCount: 12,
  publicUrl: `https://portal.example.com/survey/${example.id}`,
  createdById: example.otherId,
};

const response: SurveyResponse = {
  resourceType: 'SurveyResponse',
  id: example.otherId,
  accountId: example.accountId,
  campaignId: example.id,
  startTimestamp: example.time,
  endTimestamp: example.later,
  answers: [
    { questionText: 'How was your visit?', type: 'three', answer: 1 },
    { questionText: 'Anything we should know?', type: 'comment', answer: 'Very kind staff.' },
  ],
  externalId: 'visit-20260314-0042',
  externalUser: 'patient-8812',
  queryParameters: { utm_source: 'sms' },
};

const three = [
  { key: 'good' as const, value: 1 as const, label: 'Good' },
  { key: 'neutral' as const, value: 3 as const, label: 'Neutral' },
  { key: 'bad' as const, value: 2 as const, label: 'Bad' },
];

export const campaignDocs = areaDocs({
  'GET /surveys/campaigns': {
    summary: 'List survey campaigns',
    answer: campaignListAnswer,
    queryExample: { limit: '20', sort: 'name', order: 'asc', status: 'running' },
    answerExample: {
      total: 1,
      limit: 20,
      offset: 0,
      items: [campaign],
    },
  },
  'POST /surveys/campaigns': {
    summary: 'Create a survey campaign',
    status: 201,
    answer: createdSchema,
    requestExample: { name: 'After-visit feedback', description: 'Sent the day after a visit.', surveyType: 'three', question: 'How was your visit?', commentLabel: 'Anything we should know?' },
    answerExample: { id: example.id },
  },
  'GET /surveys/campaigns/:id': { summary: 'Read a survey campaign', answer: campaignAnswer, answerExample: campaign },
  'PATCH /surveys/campaigns/:id': {
    summary: 'Update a survey campaign',
    description: 'Every edit sets the campaign running again from now.',
    answer: campaignAnswer,
    requestExample: { version: 1, question: 'How was your visit today?' },
    answerExample: { ...campaign, ...exampleCommon(example.id, 2), question: 'How was your visit today?', questions: [{ questionText: 'How was your visit today?', type: 'three' }, campaign.questions[1]] },
  },
  'GET /surveys/campaigns/:id/timeline': {
    summary: "A campaign's answers per day",
    answer: timelineAnswer,
    queryExample: { days: '30' },
    answerExample: { surveyType: 'three', series: three, days: [{ date: '2026-03-14', total: 3, answers: { good: 2, neutral: 1, bad: 0 } }] },
  },
  'GET /surveys/campaigns/:id/link': {
    summary: "A recipient's survey link",
    description: 'The link to send one patient (`externalId`), with the token that lets the page tell whether they already answered.',
    answer: answerOf<RecipientLink>()(v.object({ url: v.string() })),
    queryExample: { externalId: 'visit-20260314-0042', externalUser: 'patient-8812' },
    answerExample: { url: `https://portal.example.com/survey/${example.id}?externalId=visit-20260314-0042&token=…` },
  },
  'GET /surveys/campaigns/:campaignId/surveys': {
    summary: "A campaign's responses",
    answer: surveyResponseListAnswer,
    queryExample: { limit: '50', sort: 'endTimestamp', order: 'desc' },
    answerExample: { total: 1, limit: 50, offset: 0, items: [{ ...response, answer: 1, comment: 'Very kind staff.' }] },
  },
  'GET /surveys/campaigns/:campaignId/surveys/:surveyId': { summary: 'Read a survey response', answer: surveyResponseAnswer, answerExample: response },
  'GET /surveys/public/campaigns/:id': {
    summary: "The patients' survey page: its campaign",
    answer: publicCampaignAnswer,
    answerExample: { id: example.id, name: 'After-visit feedback', surveyType: 'three', question: 'How was your visit?', commentLabel: 'Anything we should know?', choices: three, commentMaxLength: 1000, received: false },
  },
  'POST /surveys/public/surveys': {
    summary: "A patient's answer",
    description: 'Rate-limited; an unknown or ended campaign is answered like a known one.',
    status: 201,
    answer: answerOf<PublicSurveyAccepted>()(v.object({ id: uuid, message: v.string() })),
    requestExample: { campaignId: example.id, answer: 1, comment: 'Very kind staff.', externalId: 'visit-20260314-0042' },
    answerExample: { id: example.otherId, message: 'Thank you for your feedback!' },
  },
});
