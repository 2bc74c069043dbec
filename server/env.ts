import type { RunnerOptions } from './workflows/runner.ts';
import type { DeliveryOptions } from './webhooks/deliver.ts';
import type { JWTVerifyGetKey } from 'jose';
import type { CallerCache, Identity } from './auth/callers.ts';
import type { Db } from './db/client.ts';
import type { ResourceGrants } from '../domain/permissions.ts';
import type { TeamDirectory } from './integrations/team-directory/port.ts';
import type { ContactCenter } from './integrations/contact-center/port.ts';
import type { RecordingStore } from './integrations/recordings/port.ts';
import type { Telephony } from './integrations/telephony/port.ts';
import type { PublicPageLimits } from '../domain/public-pages.ts';
import type { NotificationHub } from './notifications/stream.ts';
import type { AccessLog } from './access-log.ts';

export type Deps = {
  db: Db;
  /** Where the provider's signing keys come from (remote JWKS in production, a local set in tests). */
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  reportingUrl: string;
  /** The Microsoft Teams directory of the accounts' Azure tenants (simulator unless TEAMS_DIRECTORY=graph). */
  teamDirectory: TeamDirectory;
  /** The process's cache of callers (absent: every request resolves its caller in the database). */
  callers?: CallerCache;
  /** Where the account's call-center queues come from (Amazon Connect, or its simulator). */
  contactCenter: ContactCenter;
  /** Where the audio of calls is kept (files under DATA_DIR, or an S3-compatible bucket): `GET …/recordings/{path}` streams from it. */
  recordings: RecordingStore;
  /** The carrier of calls and texts (Twilio, or its simulator); absent: the carrier's callbacks answer 404. */
  telephony?: Telephony;
  /** The portal's origin (config.publicUrl), for links into it such as a campaign's public survey; absent: the request's own origin. */
  publicUrl?: string;
  /** Proxies appending to X-Forwarded-For (config.trustProxyHops); absent: 0, the connection's address is the client's. */
  trustProxyHops?: number;
  /** The public pages' per-client limits, by page and kind (absent: each page's own, domain/public-pages.ts). */
  publicPageLimits?: PublicPageLimits;
  /** This process's listener for users' notification changes (absent: GET /notifications/stream answers 503). */
  notifications?: NotificationHub;
  /** Who read which patient's data, written in batches (server/access-log.ts); absent: reads are not recorded (benches that measure without it). */
  accessLog?: AccessLog;
  /** Task workflows' delays scaled for demos: a day passes in this many seconds (absent or 0: real time; config WORKFLOW_SECONDS_PER_DAY). */
  workflowSecondsPerDay?: number;
  /** The workflow runner's limits (tests shorten them; absent: server/workflows/runner.ts's defaults). */
  workflowRunner?: Partial<RunnerOptions>;
  /**
   * Webhook delivery (server/webhooks/deliver.ts): `allowPrivateNetworks` from
   * WEBHOOKS_ALLOW_PRIVATE_NETWORKS (development only); tests shorten the retry schedule or give
   * their own sender. Absent: the defaults (https only, public addresses, three days of retries).
   */
  webhooks?: Partial<DeliveryOptions>;
};

export type Caller = {
  personId: string;
  name: string;
  email: string;
  principalId: string;
  instanceAdmin: boolean;
  homeAccountId: string;
  tokenId: string | null;
  tokenExpiresAt: Date;
  /** The provider's grant the token was issued under (the embedded provider's `grant_id` claim), so logout can end it. */
  grantId: string | null;
  /** The sign-in the token was issued to (its `grant_id` or `sid` claim, prefixed by which), so logout can end every token of it. */
  signInId: string | null;
  /** Set when the request carries an API key instead of a user's token: it acts as the key (its id is `personId`). */
  apiKey: { id: string; name: string } | null;
};

/** The account a request acts in, and the role that grants what the caller may do there. */
export type ActingAccount = {
  id: string;
  name: string;
  role: { id: string; name: string; resources: ResourceGrants } | null;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    caller: Caller;
    /** What `authenticate` loaded about the caller (home account, role, actable accounts). */
    identity: NonNullable<Identity['user']>;
    account: ActingAccount;
    /**
     * The version the request's write expects its record to be at (body `version` or `If-Match`,
     * server/records.ts `expectedVersion`); null: an unconditional write. Unset for writes that
     * name no record version (creates). Its change-log entries keep it.
     */
    expectedVersion: number | null;
  };
};
