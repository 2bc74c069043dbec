import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { campaignLimits, publicSurveySchema, type PublicSurveyAccepted } from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import type { AppEnv } from '../../env.ts';
import { requestTooLarge } from '../../records.ts';
import { anyone } from '../../auth/requires.ts';
import { json } from '../../validate.ts';
import { findRunningCampaign, isAnswerReceived, presentPublicCampaign } from './queries.ts';
import { storeResponse, surveyUnavailable } from './responses.ts';
import { throttle } from './throttle.ts';

/** An answer is a few kilobytes at most (a 1000-character comment, 20 short query parameters). */
const answerLimit = bodyLimit({
  maxSize: 32 * 1024,
  onError: () => {
    throw requestTooLarge();
  },
});

const uuid = v.pipe(v.string(), v.uuid());

/**
 * The patients' survey (issue 11), before sign-in: the page reads its campaign and sends one
 * answer. Both are rate-limited per client (counted before anything else, so probing costs the
 * same as answering); an unknown id and a campaign that is not running are answered alike.
 * The answer never echoes what was sent.
 */
export const publicSurveyRoutes = new Hono<AppEnv>()
  .get('/campaigns/:id', anyone(), async (c) => {
    await throttle(c, 'reads');
    const id = c.req.param('id').toLowerCase();
    const campaign = v.is(uuid, id) ? await findRunningCampaign(c.var.deps.db, id) : null;
    if (!campaign) throw surveyUnavailable();
    // The link's externalId (`?externalId=`, as the SMS link carries it): reopening an answered link
    // says so instead of showing the form again. Asked only of a running campaign, so an unknown or
    // ended id still answers like any other; an over-long one cannot have been stored.
    const externalId = c.req.query('externalId') ?? '';
    const received = externalId.length > 0 && externalId.length <= campaignLimits.externalId && (await isAnswerReceived(c.var.deps.db, campaign.id, externalId));
    return c.json(presentPublicCampaign(campaign, received));
  })
  .post(
    '/surveys',
    anyone(),
    answerLimit,
    async (c, next) => {
      await throttle(c, 'answers');
      await next();
    },
    json(publicSurveySchema),
    async (c) => {
      const body = c.req.valid('json');
      const stored = await storeResponse(c.var.deps.db, body);
      return c.json({ id: stored.id, message: messages.surveyThanks } satisfies PublicSurveyAccepted, 201);
    },
  );
