import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recipientTokenParam } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/client.ts';
import { meta } from '../../db/schema/index.ts';
import { publicSurveyUrl } from './queries.ts';

/**
 * A survey link of one recipient (issue 40): `?externalId=…` alone can be guessed (the ids are a
 * practice's patient numbers), so whether a link's answer was already received is told only to a
 * link that also carries its recipient's token: an HMAC of the campaign and the externalId under a
 * secret of this installation, which no one without the database can compute. A link without it
 * (or an old one) still takes an answer, just without the "already received" kindness.
 */
const SECRET_KEY = 'secret.survey-links';

/** The installation's secret for survey links: made once, on first use, and shared by every process through the database. */
async function linkSecret(db: Db): Promise<Buffer> {
  const read = async () => (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, SECRET_KEY)))[0]?.value;
  let value = await read();
  if (typeof value !== 'string') {
    // Two processes making it at once: the first insert wins and both read that one.
    await db.insert(meta).values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
    value = await read();
  }
  return Buffer.from(String(value), 'base64url');
}

const tokenOf = (secret: Buffer, campaignId: string, externalId: string) =>
  createHmac('sha256', secret).update(`survey-link\n${campaignId.toLowerCase()}\n${externalId}`).digest('base64url');

/** Whether `token` is the token of this campaign's link for `externalId` (compared in constant time). */
export async function isRecipientToken(db: Db, campaignId: string, externalId: string | null, token: string | null | undefined): Promise<boolean> {
  if (!externalId || !token) return false;
  const expected = Buffer.from(tokenOf(await linkSecret(db), campaignId, externalId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link to send one recipient: the campaign's public page with their externalId, externalUser and token. */
export async function recipientLink(db: Db, origin: string, campaignId: string, externalId: string, externalUser: string | null): Promise<string> {
  const query = new URLSearchParams({ externalId });
  if (externalUser) query.set('externalUser', externalUser);
  query.set(recipientTokenParam, tokenOf(await linkSecret(db), campaignId, externalId));
  return `${publicSurveyUrl(origin, campaignId)}?${query.toString()}`;
}
