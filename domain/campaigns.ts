/**
 * Survey campaigns and the patients' public survey (spec §2 "Campaigns", §3 Campaign and Survey
 * response, §4, §7 `/surveys/...`, issue 11). Shared by the API (validation, answers) and the SPA
 * (the campaign screens and the public survey page).
 *
 * The form's fields (Campaign Name, Campaign Description, Survey Type, Campaign Question, Comment
 * Label) are what the API takes; the campaign stores them as spec §3's `questions`: the question
 * with the survey type, then (when a comment label is given) a `comment` question whose text is the
 * label. Answers carry both, so a screen never has to take `questions` apart.
 */
import * as v from 'valibot';
import { expectedVersion, objectWith } from './catalogue.ts';
import { listQuerySchema } from './list-query.ts';
import { type CommonFields } from './records.ts';
import { messages } from './messages.ts';
import { isStorableText, requiredText, text } from './text.ts';
import { sortOrders, campaignSortColumns, surveySortColumns } from './lists.ts';

/** Survey Type of the create form: thumbs up/down, or good/neutral/bad (spec §2, §4). */
export const surveyTypes = ['thumbs', 'three'] as const;
export type SurveyType = (typeof surveyTypes)[number];

/** Question types of spec §3/§4: the survey's own question, and the free-text comment. */
export const questionTypes = ['thumbs', 'three', 'comment'] as const;
export type QuestionType = (typeof questionTypes)[number];

/**
 * Campaign status (spec §4): `running` on create and on every edit. `ended` is the only other
 * state (the demo seed has ended campaigns; nothing in the API ends one yet). Only a `running`
 * campaign takes answers; the timestamps do not decide it (create sets endTimestamp to now).
 */
export const campaignStatuses = ['running', 'ended'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Answer values stored (spec §4: good/neutral/bad are 1, 3, 2; ours: thumbs up 1, down 2, like good and bad). */
export const answerValues = {
  thumbs: { up: 1, down: 2 },
  three: { good: 1, neutral: 3, bad: 2 },
} as const;
export type AnswerKey = 'up' | 'down' | 'good' | 'neutral' | 'bad';
export type AnswerValue = 1 | 2 | 3;

/** The choices a survey type offers, in the order the page shows them (key, stored value, label). */
export const answerChoices: Record<SurveyType, readonly { key: AnswerKey; value: AnswerValue; label: string }[]> = {
  thumbs: [
    { key: 'up', value: 1, label: 'Thumbs up' },
    { key: 'down', value: 2, label: 'Thumbs down' },
  ],
  three: [
    { key: 'good', value: 1, label: 'Good' },
    { key: 'neutral', value: 3, label: 'Neutral' },
    { key: 'bad', value: 2, label: 'Bad' },
  ],
};

/** The label of a stored answer of a survey type ('Good', 'Thumbs down'), or null for a value the type does not have. */
export const answerLabel = (type: SurveyType, value: number): string | null =>
  answerChoices[type].find((choice) => choice.value === value)?.label ?? null;

export const campaignLimits = {
  name: 200,
  description: 1000,
  question: 500,
  commentLabel: 200,
  /** The public survey's comment (issue 11: "comment length capped"). */
  comment: 1000,
  externalId: 200,
  externalUser: 200,
  /** The link's query parameters kept with a response: at most this many names, each name and value bounded. */
  queryParameters: 20,
  queryParameterName: 100,
  queryParameterValue: 500,
} as const;

const nameField = requiredText(campaignLimits.name, messages.campaignNameRequired, messages.campaignNameTooLong);
/** Optional text: empty becomes null, so a cleared field clears the value. */
const nullableText = (max: number, tooLong: string) =>
  v.nullable(
    v.pipe(
      text(max, tooLong),
      v.transform((s) => (s === '' ? null : s)),
    ),
  );
const descriptionField = nullableText(campaignLimits.description, messages.campaignDescriptionTooLong);
const surveyTypeField = v.picklist(surveyTypes, messages.campaignSurveyTypeInvalid);
const questionField = requiredText(campaignLimits.question, messages.campaignQuestionRequired, messages.campaignQuestionTooLong);
/** No label (null or empty): the survey asks for no comment. */
const commentLabelField = nullableText(campaignLimits.commentLabel, messages.campaignCommentLabelTooLong);

export type CampaignQuestion = { questionText: string; type: QuestionType };

/** The form's fields of a campaign: its survey question, the question's type and the comment's label (null: no comment). */
export type CampaignForm = { surveyType: SurveyType; question: string; commentLabel: string | null };

/**
 * Spec §3's `questions` of a campaign: its survey question (thumbs or three) first, then at most
 * one comment question, whose text is the comment's label. A sender's own order of the two is
 * kept as the model has it (question first).
 */
const questionsField = v.pipe(
  v.array(
    objectWith(
      {
        questionText: v.pipe(v.string(messages.campaignQuestionsInvalid), v.check(isStorableText, messages.textInvalid), v.trim(), v.nonEmpty(messages.campaignQuestionsInvalid)),
        type: v.picklist(questionTypes, messages.campaignQuestionsInvalid),
      },
      { questionText: messages.campaignQuestionsInvalid, type: messages.campaignQuestionsInvalid },
    ),
    messages.campaignQuestionsInvalid,
  ),
  v.check((questions) => {
    const [survey, comment, ...more] = questions;
    return (
      survey !== undefined &&
      survey.type !== 'comment' &&
      survey.questionText.length <= campaignLimits.question &&
      (comment === undefined || (comment.type === 'comment' && comment.questionText.length <= campaignLimits.commentLabel)) &&
      more.length === 0
    );
  }, messages.campaignQuestionsInvalid),
);

/** The form's fields that `questions` stand for. */
export function formOfQuestions(questions: readonly CampaignQuestion[]): CampaignForm {
  const survey = questions.find((q) => q.type !== 'comment');
  const comment = questions.find((q) => q.type === 'comment');
  return {
    surveyType: survey?.type === 'three' ? 'three' : 'thumbs',
    question: survey?.questionText ?? '',
    commentLabel: comment?.questionText ?? null,
  };
}

type QuestionsOrForm = { questions?: CampaignQuestion[]; surveyType?: SurveyType; question?: string; commentLabel?: string | null };

/** Whether the form's fields sent beside `questions` say what the questions say (a campaign read and sent back whole does). */
const questionsAgree = ({ questions, surveyType, question, commentLabel }: QuestionsOrForm) => {
  // Questions without a survey question are refused by their own check.
  if (questions?.find((q) => q.type !== 'comment') === undefined) return true;
  const form = formOfQuestions(questions);
  return (surveyType ?? form.surveyType) === form.surveyType && (question ?? form.question) === form.question && (commentLabel === undefined || commentLabel === form.commentLabel);
};

/** The body with `questions` turned into the form's fields the server stores them from. */
const withFormOfQuestions = <T extends QuestionsOrForm>({ questions, ...rest }: T): Omit<T, 'questions'> & Partial<CampaignForm> =>
  questions === undefined ? rest : { ...rest, ...formOfQuestions(questions) };

/**
 * `POST /surveys/campaigns`: spec §3's campaign (`name`, `description`, `questions`), or the create
 * form's fields (Survey Type, Campaign Question, Comment Label) instead of `questions`; both may be
 * sent when they agree. The server sets status, timestamps and counts (spec §4): sent, they are
 * not read.
 */
export const campaignCreateSchema = v.pipe(
  objectWith(
    {
      name: nameField,
      description: v.optional(descriptionField, null),
      questions: v.optional(questionsField),
      surveyType: v.optional(surveyTypeField),
      question: v.optional(questionField),
      commentLabel: v.optional(commentLabelField),
    },
    { name: messages.campaignNameRequired },
  ),
  v.forward(
    v.check((input) => input.questions !== undefined || input.surveyType !== undefined, messages.campaignSurveyTypeInvalid),
    ['surveyType'],
  ),
  v.forward(
    v.check((input) => input.questions !== undefined || input.question !== undefined, messages.campaignQuestionRequired),
    ['question'],
  ),
  v.forward(
    v.check((input) => questionsAgree(input), messages.campaignQuestionsDisagree),
    ['questions'],
  ),
  v.transform((input) => {
    const { surveyType, question, commentLabel, ...rest } = withFormOfQuestions(input);
    return { ...rest, surveyType: surveyType!, question: question!, commentLabel: commentLabel ?? null };
  }),
);
export type CampaignCreate = v.InferInput<typeof campaignCreateSchema>;

/**
 * `PATCH /surveys/campaigns/{id}`: the fields changed (spec §3's `questions`, or the form's fields),
 * and optionally the version edited (issue 44: without one the edit applies to the current version).
 * Every edit sets the status to running, startTimestamp to now and clears endTimestamp (spec §4),
 * whatever changed.
 */
export const campaignPatchSchema = v.pipe(
  objectWith(
    {
      version: expectedVersion,
      name: v.optional(nameField),
      description: v.optional(descriptionField),
      questions: v.optional(questionsField),
      surveyType: v.optional(surveyTypeField),
      question: v.optional(questionField),
      commentLabel: v.optional(commentLabelField),
    },
    {},
  ),
  v.forward(
    v.check((input) => questionsAgree(input), messages.campaignQuestionsDisagree),
    ['questions'],
  ),
  v.transform((input) => withFormOfQuestions(input)),
);
export type CampaignPatch = v.InferInput<typeof campaignPatchSchema>;


export type Campaign = CommonFields & {
  resourceType: 'Campaign';
  name: string;
  description: string | null;
  status: CampaignStatus;
  /** ISO timestamps; endTimestamp is null after an edit (spec §4). */
  startTimestamp: string;
  endTimestamp: string | null;
  /** Spec §3: the survey question (type thumbs or three), then the comment question when there is a label. */
  questions: CampaignQuestion[];
  /** The form's view of `questions`. */
  surveyType: SurveyType;
  question: string;
  commentLabel: string | null;
  /** Responses received (kept in the response's transaction). */
  completedCount: number;
  /** SMS reached and requested (spec §3). Nothing sends the campaign's SMS yet: seeded, otherwise 0. */
  reachedCount: number;
  requestCount: number;
  /** Stored responses, counted. */
  responseCount: number;
  /** The patients' page of this campaign (the SMS link): `{portal origin}/survey/{id}`. */
  publicUrl: string;
  /** The user who created it (the "first response" notification goes to them); null for seeded campaigns. */
  createdById: string | null;
};

export { campaignSortColumns };
export type CampaignSort = (typeof campaignSortColumns)[number];
/** `GET /surveys/campaigns`: page, limit, sort (default name), order, `q` (name or description, or the id), `status`. */
export const campaignListQuerySchema = v.object({
  ...listQuerySchema(campaignSortColumns).entries,
  status: v.fallback(v.optional(v.picklist(campaignStatuses)), undefined),
});

/** A row of `GET /surveys/campaigns`: the whole §3 campaign (issue 44), whose columns the list shows. */
export type CampaignListItem = Campaign;
export type CampaignList = { items: CampaignListItem[]; total: number; limit: number; offset: number };

/** One answer of a response (spec §3): 1/2/3 for thumbs and three (`answerValues`), the text for a comment. */
export type SurveyAnswer =
  | { questionText: string; type: SurveyType; answer: AnswerValue }
  | { questionText: string; type: 'comment'; answer: string };

/** A survey response (spec §3). Its text is stored and shown as text, never as HTML. */
export type SurveyResponse = {
  resourceType: 'SurveyResponse';
  id: string;
  accountId: string;
  campaignId: string;
  startTimestamp: string;
  endTimestamp: string;
  answers: SurveyAnswer[];
  externalId: string | null;
  externalUser: string | null;
  queryParameters: Record<string, string>;
};

/** The results grid's row: the response with its survey answer and comment pulled out for columns and the CSV. */
export type SurveyResponseListItem = SurveyResponse & {
  answer: AnswerValue | null;
  comment: string | null;
};
export type SurveyResponseList = { items: SurveyResponseListItem[]; total: number; limit: number; offset: number };

export { surveySortColumns };
export type SurveySort = (typeof surveySortColumns)[number];
/**
 * `GET /surveys/campaigns/{campaignId}/surveys`: newest first unless asked otherwise; `q` matches
 * the comment, externalId or externalUser. `limit` also takes 100 and 500 so the CSV export needs
 * few pages.
 */
export const surveyListQuerySchema = v.object({
  ...listQuerySchema(surveySortColumns).entries,
  limit: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]),
        v.picklist([10, 20, 30, 40, 50, 100, 500]),
      ),
      10,
    ),
    10,
  ),
  sort: v.fallback(v.optional(v.picklist(surveySortColumns), 'endTimestamp'), 'endTimestamp'),
  order: v.fallback(v.optional(v.picklist(sortOrders), 'desc'), 'desc'),
});

/** `GET /surveys/campaigns/{id}/timeline?days=N`: daily answer counts for the chart, UTC days, every day present. */
export const timelineDays = { default: 90, max: 366 } as const;
export const timelineQuerySchema = v.object({
  days: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]),
        v.integer(),
        v.minValue(1),
        v.maxValue(timelineDays.max),
      ),
      timelineDays.default,
    ),
    timelineDays.default,
  ),
});
export type CampaignTimeline = {
  surveyType: SurveyType;
  /** The series the chart draws, in order (`answerChoices[surveyType]`). */
  series: { key: AnswerKey; value: AnswerValue; label: string }[];
  /** Oldest first, one entry per UTC day of the window ending today; `answers` has every series key. */
  days: { date: string; total: number; answers: Partial<Record<AnswerKey, number>> }[];
};

/** `GET /surveys/public/campaigns/{id}`: only what the patients' page needs (no account data). */
export type PublicCampaign = {
  id: string;
  name: string;
  surveyType: SurveyType;
  question: string;
  /** Null: no comment box. */
  commentLabel: string | null;
  choices: { key: AnswerKey; value: AnswerValue; label: string }[];
  commentMaxLength: number;
  /**
   * The link's answer was already received (its `externalId` has a response to this campaign):
   * the page says so instead of showing the form again. False when the link has no externalId or
   * not its recipient's token (issue 40: an externalId can be guessed, the token cannot).
   */
  received: boolean;
};

const queryParametersField = v.pipe(
  v.custom<Record<string, string>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.entries(input).length <= campaignLimits.queryParameters &&
      Object.entries(input).every(
        ([name, value]) =>
          name.length >= 1 &&
          name.length <= campaignLimits.queryParameterName &&
          isStorableText(name) &&
          typeof value === 'string' &&
          value.length <= campaignLimits.queryParameterValue &&
          isStorableText(value),
      ),
    messages.surveyQueryParametersInvalid,
  ),
  // A plain object of own entries only (no prototype tricks reach the database).
  v.transform((input) => Object.fromEntries(Object.entries(input))),
);

/** The empty string is no id: null. */
const optionalId = (max: number, message: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        text(max, message, message),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  );

/**
 * The query parameter of a recipient's survey link that proves the link is theirs (issue 40): made
 * by `GET /surveys/campaigns/{id}/link`, checked by the public page's calls, never stored.
 */
export const recipientTokenParam = 'token';
export const recipientTokenMaxLength = 100;

/** `GET /surveys/campaigns/{id}/link?externalId=…&externalUser=…`: the link to send one recipient. */
export const recipientLinkQuerySchema = v.object({
  // Absent is empty, so a missing one is told it is required (not that the query must be an object).
  externalId: v.optional(requiredText(campaignLimits.externalId, messages.surveyExternalIdRequired, messages.surveyExternalIdInvalid), ''),
  externalUser: optionalId(campaignLimits.externalUser, messages.surveyExternalUserInvalid),
});

/** Its answer: the campaign's public page with the recipient's externalId, externalUser and token. */
export type RecipientLink = { url: string };

/** A comment's text: trimmed, empty is none (null). */
const commentText = v.pipe(
  text(campaignLimits.comment, messages.surveyCommentTooLong, messages.surveyCommentTooLong),
  v.transform((s) => (s === '' ? null : s)),
);

/**
 * Spec §3's `answers` of a survey response: the answer to the survey question (type thumbs or
 * three, 1/2/3) and at most one comment (type comment, its text). `questionText` is the campaign's
 * (what a response reads back); the server keeps the campaign's own text, so it may be left out.
 */
const answersField = v.pipe(
  v.array(
    objectWith(
      {
        questionText: v.optional(v.pipe(v.string(messages.surveyAnswersInvalid), v.maxLength(campaignLimits.question, messages.surveyAnswersInvalid))),
        type: v.picklist(questionTypes, messages.surveyAnswersInvalid),
        answer: v.union([v.picklist([1, 2, 3]), commentText], messages.surveyAnswersInvalid),
      },
      { type: messages.surveyAnswersInvalid, answer: messages.surveyAnswersInvalid },
    ),
    messages.surveyAnswersInvalid,
  ),
  v.check((answers) => {
    const asked = answers.filter((a) => a.type !== 'comment');
    const comments = answers.filter((a) => a.type === 'comment');
    return asked.length === 1 && typeof asked[0]!.answer === 'number' && comments.length <= 1 && comments.every((a) => typeof a.answer === 'string' || a.answer === null);
  }, messages.surveyAnswersInvalid),
);

type AnswersOrFields = {
  answers?: { type: QuestionType; answer: AnswerValue | string | null }[];
  answer?: AnswerValue;
  comment?: string | null;
};

/** The answer and comment that `answers` stand for, with the survey type they answer. */
function fieldsOfAnswers(answers: NonNullable<AnswersOrFields['answers']>): { answer: AnswerValue; comment: string | null; surveyType: SurveyType } {
  const asked = answers.find((a) => a.type !== 'comment')!;
  const comment = answers.find((a) => a.type === 'comment');
  return { answer: asked.answer as AnswerValue, comment: (comment?.answer as string | null | undefined) ?? null, surveyType: asked.type as SurveyType };
}

/** Whether the answer and comment sent beside `answers` say what the answers say. */
const answersAgree = ({ answers, answer, comment }: AnswersOrFields) => {
  // Answers that are no answer to the survey question are refused by their own check.
  if (answers?.find((a) => a.type !== 'comment') === undefined) return true;
  const fields = fieldsOfAnswers(answers);
  return (answer ?? fields.answer) === fields.answer && (comment === undefined || comment === fields.comment);
};

/**
 * `POST /surveys/public/surveys` (no sign-in): the patient's answer, as spec §3's survey response
 * (`campaignId`, `answers`, `externalId`, `externalUser`, `queryParameters`) or with the page's
 * `answer` and `comment` instead of `answers` (both may be sent when they agree). Strict: an
 * unknown key is an error. The answer must be one of the campaign's survey type (checked against
 * the campaign), and so must the type of the question `answers` answer.
 * externalId / externalUser come from the SMS link's query parameters (`?externalId=…&externalUser=…`);
 * queryParameters is the whole query of the link. One response per externalId per campaign.
 */
const publicSurveyEntries = {
  campaignId: v.pipe(v.string(messages.surveyCampaignIdInvalid), v.uuid(messages.surveyCampaignIdInvalid)),
  answers: v.optional(answersField),
  answer: v.optional(v.picklist([1, 2, 3], messages.surveyAnswerInvalid)),
  comment: v.optional(v.nullable(commentText)),
  externalId: optionalId(campaignLimits.externalId, messages.surveyExternalIdInvalid),
  externalUser: optionalId(campaignLimits.externalUser, messages.surveyExternalUserInvalid),
  queryParameters: v.optional(queryParametersField, {}),
  /** The link's recipient token (`recipientTokenParam`): with it, a repeat says it was already received. */
  token: v.optional(v.nullable(v.pipe(v.string(messages.invalidRequest), v.maxLength(recipientTokenMaxLength, messages.invalidRequest))), null),
};
const publicSurveyKeys: readonly string[] = Object.keys(publicSurveyEntries);
/** Strict without `v.strictObject`, whose error would be keyed by the unknown key that was sent (an answer never echoes the request). */
export const publicSurveySchema = v.pipe(
  v.custom<Record<string, unknown>>(
    (input) => typeof input === 'object' && input !== null && !Array.isArray(input) && Object.keys(input).every((key) => publicSurveyKeys.includes(key)),
    messages.invalidRequest,
  ),
  objectWith(publicSurveyEntries, { campaignId: messages.surveyCampaignIdInvalid }),
  v.forward(
    v.check((input) => input.answers !== undefined || input.answer !== undefined, messages.surveyAnswerInvalid),
    ['answer'],
  ),
  v.forward(
    v.check((input) => answersAgree(input), messages.surveyAnswersDisagree),
    ['answers'],
  ),
  v.transform(({ answers, answer, comment, ...rest }) => ({
    ...rest,
    ...(answers === undefined ? { answer: answer!, comment: comment ?? null, surveyType: null } : fieldsOfAnswers(answers)),
  })),
);
export type PublicSurveyInput = v.InferInput<typeof publicSurveySchema>;

/** `POST /surveys/public/surveys` answers 201 with this (nothing the patient sent is echoed). */
export type PublicSurveyAccepted = { id: string; message: string };
