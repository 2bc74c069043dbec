import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { campaignLimits, publicSurveySchema, recipientTokenParam, type PublicSurveyAccepted } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import { publicPage } from '../../../domain/public-pages.ts';
import type { AppEnv } from '../../env.ts';
import { requestTooLarge } from '../../records.ts';
import { anyone } from '../../auth/requires.ts';
import { throttle } from '../../public-page-throttle.ts';
import { json } from '../../validate.ts';
import { findRunningCampaign, isAnswerReceived, presentPublicCampaign } from './queries.ts';
import { isRecipientToken } from './links.ts';
import { isAlreadyReceived, storeResponse, surveyUnavailable } from './responses.ts';

/** An answer is a few kilobytes at most (a 1000-character comment, 20 short query parameters). */
const answerLimit = bodyLimit({
  maxSize: 32 * 1024,
  onError: () => {
    throw requestTooLarge();
  },
});

const uuid = v.pipe(v.string(), v.uuid());
const surveyPage = publicPage('survey');

/**
 * The patients' survey (issue 11), before sign-in: the page reads its campaign and sends one
 * answer. Both are rate-limited per client (counted before anything else, so probing costs the
 * same as answering); an unknown id and a campaign that is not running are answered alike.
 * The answer never echoes what was sent.
 */
export const publicSurveyRoutes = new Hono<AppEnv>()
  .get('/campaigns/:id', anyone(), async (c) => {
    await throttle(c, surveyPage, 'reads');
    const id = c.req.param('id').toLowerCase();
    const campaign = v.is(uuid, id) ? await findRunningCampaign(c.var.deps.db, id) : null;
    if (!campaign) throw surveyUnavailable();
    // The link's externalId (`?externalId=`, as the SMS link carries it): reopening an answered link
    // says so instead of showing the form again, but only to the recipient's own link (issue 40: its
    // token, `links.ts`); a guessed externalId gets what a patient who has not answered gets. Asked
    // only of a running campaign, so an unknown or ended id still answers like any other; an
    // over-long one cannot have been stored.
    const { db } = c.var.deps;
    const externalId = c.req.query('externalId') ?? '';
    const received =
      externalId.length > 0 &&
      externalId.length <= campaignLimits.externalId &&
      (await isRecipientToken(db, campaign.id, externalId, c.req.query(recipientTokenParam))) &&
      (await isAnswerReceived(db, campaign.id, externalId));
    return c.json(presentPublicCampaign(campaign, received));
  })
  .post(
    '/surveys',
    anyone(),
    answerLimit,
    async (c, next) => {
      await throttle(c, surveyPage, 'answers');
      await next();
    },
    json(publicSurveySchema),
    async (c) => {
      const { db } = c.var.deps;
      const { token, ...answer } = c.req.valid('json');
      // The token proves the link; it is no part of the answer kept.
      const { [recipientTokenParam]: _token, ...queryParameters } = answer.queryParameters;
      try {
        const stored = await storeResponse(db, { ...answer, queryParameters });
        return c.json({ id: stored.id, message: messages.surveyThanks } satisfies PublicSurveyAccepted, 201);
      } catch (error) {
        // A repeat is told "already received" only on the recipient's own link (issue 40). Anyone
        // else, a guessed externalId, is thanked as a first answer is, and nothing is stored.
        if (isAlreadyReceived(error) && !(await isRecipientToken(db, answer.campaignId, answer.externalId, token))) {
          return c.json({ id: randomUUID(), message: messages.surveyThanks } satisfies PublicSurveyAccepted, 201);
        }
        throw error;
      }
    },
  );
