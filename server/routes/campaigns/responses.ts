import { and, eq, sql } from 'drizzle-orm';
import type { SurveyAnswer, AnswerValue, SurveyType } from '../../../domain/campaigns.ts';
import { answerLabel } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import type { Db } from '../../db/client.ts';
import { campaigns, surveyResponses } from '../../db/schema/index.ts';
import { ApiError, badRequest, errorCode, notFound } from '../../errors.ts';
import { notify } from '../../notifications/notify.ts';
import { campaignForm, ofActiveAccount } from './queries.ts';

/** A public id that is unknown or not running: one answer for both, so ids cannot be probed (ARCHITECTURE "Public pages"). */
export const surveyUnavailable = () => notFound(messages.surveyUnavailable);
const alreadyReceived = () => new ApiError(409, 'conflict', messages.surveyAlreadyReceived);
/** The refusal of a repeated externalId (`storeResponse`). */
export const isAlreadyReceived = (error: unknown) => error instanceof ApiError && error.status === 409 && error.message === messages.surveyAlreadyReceived;

export type SurveyAnswerInput = {
  campaignId: string;
  answer: AnswerValue;
  comment: string | null;
  /** The type of the question answered, when the answer said it (spec §3 `answers`); it must be the campaign's. */
  surveyType?: SurveyType | null;
  externalId: string | null;
  externalUser: string | null;
  queryParameters: Record<string, string>;
};

/** What the "first response" notification says, and to whom (issue 11 Notifications: a campaign's first response). */
export type FirstResponseNotice = {
  accountId: string;
  /** The campaign's creator; null (seeded, or made by an API key): nobody to tell. */
  recipientId: string | null;
  title: string;
  message: string;
  /** The SPA page that opens from the notification. */
  jumpPath: string;
};

/**
 * Whether the response just stored is its campaign's first: the count the response's own update
 * returned (the campaign row is locked by that update, so exactly one response sees 1).
 */
export const isFirstResponse = (completedCount: number) => completedCount === 1;

export function firstResponseNotice(campaign: { id: string; accountId: string; name: string; createdById: string | null }): FirstResponseNotice {
  return {
    accountId: campaign.accountId,
    recipientId: campaign.createdById,
    title: 'First campaign response',
    message: `Campaign "${campaign.name}" received its first response.`,
    jumpPath: `/campaigns/campaign/${campaign.id}/results`,
  };
}

/**
 * Stores a patient's answer, in one transaction: the campaign's count goes up first (that update
 * locks the campaign row and only matches a running campaign of an active account), then a repeat of the externalId is
 * refused (responses to one campaign are serialised by that lock; the unique index settles
 * anything else), then the response is written. A refusal rolls the count back.
 * `firstResponse` is set when this was the campaign's first response; its creator is notified in the same transaction.
 */
export async function storeResponse(db: Db, input: SurveyAnswerInput): Promise<{ id: string; firstResponse: FirstResponseNotice | null }> {
  return db
    .transaction(async (tx) => {
      const [campaign] = await tx
        .update(campaigns)
        .set({ completedCount: sql`${campaigns.completedCount} + 1` })
        .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.status, 'running'), ofActiveAccount))
        .returning();
      if (!campaign) throw surveyUnavailable();
      const form = campaignForm(campaign.questions);
      if (input.surveyType && input.surveyType !== form.surveyType) throw badRequest(messages.invalidRequest, { answers: messages.surveyAnswerInvalid });
      if (answerLabel(form.surveyType, input.answer) === null) throw badRequest(messages.invalidRequest, { answer: messages.surveyAnswerInvalid });
      if (input.comment !== null && form.commentLabel === null) throw badRequest(messages.invalidRequest, { comment: messages.surveyCommentNotAsked });
      if (input.externalId !== null) {
        const [repeat] = await tx
          .select({ id: surveyResponses.id })
          .from(surveyResponses)
          .where(and(eq(surveyResponses.campaignId, campaign.id), eq(surveyResponses.externalId, input.externalId)));
        if (repeat) throw alreadyReceived();
      }
      const answers: SurveyAnswer[] = [
        { questionText: form.question, type: form.surveyType, answer: input.answer },
        ...(input.comment !== null && form.commentLabel !== null ? [{ questionText: form.commentLabel, type: 'comment' as const, answer: input.comment }] : []),
      ];
      const [row] = await tx
        .insert(surveyResponses)
        .values({
          accountId: campaign.accountId,
          campaignId: campaign.id,
          answers,
          answer: input.answer,
          comment: input.comment,
          externalId: input.externalId,
          externalUser: input.externalUser,
          queryParameters: input.queryParameters,
        })
        .returning({ id: surveyResponses.id });
      const firstResponse = isFirstResponse(campaign.completedCount) ? firstResponseNotice(campaign) : null;
      // Told in this transaction: the creator hears of the first response exactly when it is stored.
      if (firstResponse?.recipientId) {
        const { recipientId, ...notice } = firstResponse;
        await notify(tx, { ...notice, userIds: [recipientId] });
      }
      return { id: row!.id, firstResponse };
    })
    .catch((error: unknown) => {
      // Two answers with one externalId at the same moment: the second is the same repeat.
      if (errorCode(error) === '23505') throw alreadyReceived();
      throw error;
    });
}
