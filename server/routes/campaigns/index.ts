import { and, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import {
  campaignCreateSchema,
  campaignListQuerySchema,
  campaignPatchSchema,
  recipientLinkQuerySchema,
  surveyListQuerySchema,
  timelineQuerySchema,
  type RecipientLink,
} from '../../../domain/campaigns.ts';
import { messages } from '../../../domain/messages.ts';
import { recordReads } from '../../access-log.ts';
import { requires } from '../../auth/requires.ts';
import { campaigns } from '../../db/schema/index.ts';
import { write } from '../../write.ts';
import type { AppEnv } from '../../env.ts';
import { notFound } from '../../errors.ts';
import { editedVersion, expectedVersion, editable, idParam, jsonLimit, sent, touched, updatedRow } from '../../records.ts';
import { json, query } from '../../validate.ts';
import {
  auditedCampaign,
  campaignForm,
  campaignQuestions,
  campaignTimeline,
  findCampaign,
  findResponse,
  listCampaigns,
  listResponses,
  presentCampaign,
  presentResponse,
} from './queries.ts';
import { recipientLink } from './links.ts';

const campaignNotFound = () => notFound(messages.campaignNotFound);
const responseNotFound = () => notFound(messages.campaignResponseNotFound);

const uuid = v.pipe(v.string(), v.uuid());
/** The campaign (and response) ids of a results path; one that is not an id names nothing (404 with the spec's text). */
const resultsParams = validator('param', (value: Record<string, string>) => {
  const campaignId = value.campaignId?.toLowerCase();
  const surveyId = value.surveyId?.toLowerCase();
  if (!v.is(uuid, campaignId)) throw campaignNotFound();
  if (surveyId !== undefined && !v.is(uuid, surveyId)) throw responseNotFound();
  return { campaignId, surveyId };
});

/** The portal's origin for the campaign's public link (configured; in-process calls: the request's). */
const portalOrigin = (c: Context<AppEnv>) => c.var.deps.publicUrl ?? new URL(c.req.url).origin;

/** Who created the campaign: a signed-in user (an API key is nobody to notify). */
const creatorId = (c: Context<AppEnv>) => (c.var.caller.apiKey ? null : c.var.caller.personId);

/**
 * Survey campaigns and their responses (issue 11, spec §7 `/surveys/...`). Every query is scoped
 * to the request's account. Status rules of spec §4: a campaign is `running` after a create and
 * after every edit; an edit also sets startTimestamp to now and clears endTimestamp; a create
 * sets endTimestamp to now (literally, as the spec says).
 */
export const campaignRoutes = new Hono<AppEnv>()
  .get('/campaigns', requires('/surveys/campaigns', 'GET'), query(campaignListQuerySchema), async (c) => {
    return c.json(await listCampaigns(c.var.deps.db, c.var.account.id, c.req.valid('query'), portalOrigin(c)));
  })
  .post('/campaigns', requires('/surveys/campaigns', 'POST'), jsonLimit, json(campaignCreateSchema), async (c) => {
    const { name, description, ...form } = c.req.valid('json');
    const createdById = creatorId(c);
    const created = await write(c, async ({ tx, audit, accountId, actorName }) => {
      const [row] = await tx
        .insert(campaigns)
        .values({
          accountId,
          name,
          description,
          status: 'running',
          startTimestamp: sql`now()`,
          endTimestamp: sql`now()`,
          questions: campaignQuestions(form),
          createdById,
          createdBy: actorName,
          modifiedBy: actorName,
        })
        .returning();
      await audit({ action: 'create', resourceType: 'Campaign', resourceId: row!.id, after: auditedCampaign(row!) });
      return { id: row!.id };
    });
    return c.json(created, 201);
  })
  .get('/campaigns/:id', requires('/surveys/campaigns/{id}', 'GET'), idParam(campaignNotFound), async (c) => {
    const { id } = c.req.valid('param');
    const row = await findCampaign(c.var.deps.db, c.var.account.id, id);
    if (!row) throw campaignNotFound();
    return c.json(presentCampaign(row, portalOrigin(c)));
  })
  .patch('/campaigns/:id', requires('/surveys/campaigns/{id}', 'PATCH'), idParam(campaignNotFound), jsonLimit, json(campaignPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { version: sentVersion, ...body } = c.req.valid('json');
    const expected = expectedVersion(c, sentVersion);
    const changes = sent(body);
    const updated = await write(c, async ({ tx, audit, accountId, actorName, repeats }) => {
      const current = await findCampaign(tx, accountId, id, true);
      if (!current) throw campaignNotFound();
      const version = editedVersion(current, expected);
      // A retried save whose answer was lost gets the record, not 409 (the status rules already ran).
      if (await repeats({ resourceType: 'Campaign', resourceId: id, record: { ...current, ...campaignForm(current.questions) }, version, changes })) return current;
      editable(current, version);
      const { name, description, ...formChanges } = changes;
      const after = updatedRow(
        await tx
          .update(campaigns)
          .set({
            ...(name !== undefined && { name }),
            ...(description !== undefined && { description }),
            questions: campaignQuestions({ ...campaignForm(current.questions), ...formChanges }),
            // Spec §4: every edit restarts the campaign.
            status: 'running',
            startTimestamp: sql`now()`,
            endTimestamp: null,
            ...touched(actorName, campaigns.version),
          })
          .where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, id), eq(campaigns.version, version)))
          .returning(),
      );
      await audit({ action: 'update', resourceType: 'Campaign', resourceId: id, before: auditedCampaign(current), after: auditedCampaign(after) });
      return { ...after, responseCount: current.responseCount };
    });
    return c.json(presentCampaign(updated, portalOrigin(c)));
  })
  /** The chart's series: daily answer counts (ours; the spec names no endpoint for the chart). */
  .get('/campaigns/:id/timeline', requires('/surveys/campaigns/{id}', 'GET'), idParam(campaignNotFound), query(timelineQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const campaign = await findCampaign(c.var.deps.db, c.var.account.id, id);
    if (!campaign) throw campaignNotFound();
    return c.json(await campaignTimeline(c.var.deps.db, campaign, c.req.valid('query').days));
  })
  /**
   * The link to send one recipient (issue 40): the public page with their externalId and the token
   * that lets that link, and no guessed one, hear that its answer was already received. Whoever
   * may read the campaign's responses may make it (the token tells no more than they can read).
   */
  .get('/campaigns/:id/link', requires('/surveys/campaigns/{campaignId}/surveys', 'GET'), idParam(campaignNotFound), query(recipientLinkQuerySchema), async (c) => {
    const { id } = c.req.valid('param');
    const { externalId, externalUser } = c.req.valid('query');
    const { db } = c.var.deps;
    if (!(await findCampaign(db, c.var.account.id, id))) throw campaignNotFound();
    return c.json({ url: await recipientLink(db, portalOrigin(c), id, externalId, externalUser) } satisfies RecipientLink);
  })
  .get('/campaigns/:campaignId/surveys', requires('/surveys/campaigns/{campaignId}/surveys', 'GET'), resultsParams, query(surveyListQuerySchema), async (c) => {
    const { campaignId } = c.req.valid('param');
    const { db } = c.var.deps;
    if (!(await findCampaign(db, c.var.account.id, campaignId))) throw campaignNotFound();
    const list = await listResponses(db, c.var.account.id, campaignId, c.req.valid('query'));
    // A response carries the patient's external id and phone number: its reads are patient reads (issue 40).
    recordReads(c, 'SurveyResponse', 'list', list.items.map((item) => item.id));
    return c.json(list);
  })
  .get('/campaigns/:campaignId/surveys/:surveyId', requires('/surveys/campaigns/{campaignId}/surveys', 'GET'), resultsParams, async (c) => {
    const { campaignId, surveyId } = c.req.valid('param');
    const { db } = c.var.deps;
    if (!(await findCampaign(db, c.var.account.id, campaignId))) throw campaignNotFound();
    const row = await findResponse(db, c.var.account.id, campaignId, surveyId!);
    if (!row) throw responseNotFound();
    recordReads(c, 'SurveyResponse', 'view', [row.id]);
    return c.json(presentResponse(row));
  });
