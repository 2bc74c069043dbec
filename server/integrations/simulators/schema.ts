import { bigserial, boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The simulators' own PostgreSQL schema, `simulators`: what an embedded simulator keeps in place
 * of the vendor (the contact center's instances and queues, the team directory's tenants). It is
 * not the product's: its migrations (beside this file, `npm run db:generate:simulators`) run only
 * when a simulator is chosen (server/integrations/simulators/migrate.ts), so a production
 * database that talks to the real vendors never has these tables.
 */
export const simulators = pgSchema('simulators');

/**
 * The team-directory simulator's Microsoft Teams tenants (server/integrations/team-directory):
 * per Azure tenant id, the users, teams, memberships, channels, bot installs and the messages
 * sent, so installs and messages survive a restart. Not the portal's own records: what Graph
 * would hold.
 */
export const simTeamDirectoryTenants = simulators.table('team_directory_tenants', {
  tenantId: uuid('tenant_id').primaryKey(),
  provisionedAt: timestamp('provisioned_at', { withTimezone: true }).notNull().defaultNow(),
});

export const simTeamDirectoryUsers = simulators.table(
  'team_directory_users',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    displayName: text('display_name').notNull(),
    jobTitle: text('job_title'),
    mail: text('mail'),
    userPrincipalName: text('user_principal_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const simTeamDirectoryTeams = simulators.table(
  'team_directory_teams',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const simTeamDirectoryMembers = simulators.table(
  'team_directory_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.teamId, t.userId] })],
);

export const simTeamDirectoryChannels = simulators.table(
  'team_directory_channels',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    /** Graph's channel id, `19:…@thread.tacv2`. */
    id: text('id').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description'),
    membershipType: text('membership_type').notNull().default('standard'),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.teamId, t.id] })],
);

export const simTeamDirectoryBotInstalls = simulators.table(
  'team_directory_bot_installs',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    /** Graph's teamsAppInstallation id. */
    installationId: text('installation_id').notNull(),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.teamId] })],
);

export const simTeamDirectoryMessages = simulators.table(
  'team_directory_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    channelId: text('channel_id').notNull(),
    content: text('content').notNull(),
    fromName: text('from_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_directory_messages_channel').on(t.tenantId, t.teamId, t.channelId, t.id)],
);

/**
 * The contact-center simulator's Amazon-Connect-like instance per account
 * (server/integrations/contact-center/simulator.ts): its ids, and how many listings it has
 * answered, which is how far its queues have changed.
 */
export const simContactCenterInstances = simulators.table('contact_center_instances', {
  accountId: uuid('account_id').primaryKey(),
  awsAccountId: text('aws_account_id').notNull(),
  instanceId: text('instance_id').notNull(),
  region: text('region').notNull(),
  listings: integer('listings').notNull().default(0),
});

/** The simulator's queues: `removed_at` set once the simulated instance deleted one. */
export const simContactCenterQueues = simulators.table(
  'contact_center_queues',
  {
    accountId: uuid('account_id').notNull(),
    queueId: text('queue_id').notNull(),
    name: text('name').notNull(),
    /** Part of the instance from the start (never removed), or added by a later listing. */
    core: boolean('core').notNull(),
    addedAt: integer('added_at').notNull(),
    removedAt: integer('removed_at'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.queueId] })],
);

/**
 * The simulated contact center's calls (issue 26): each planned whole when it is placed
 * (server/integrations/contact-center/simulated-calls.ts) and shown as it stands at the moment
 * the portal asks. `plan` is the whole contact in the port's shape, its events included.
 */
export const simContactCenterContacts = simulators.table(
  'contact_center_contacts',
  {
    accountId: uuid('account_id').notNull(),
    contactId: text('contact_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    plan: jsonb('plan').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contactId] }), index('contact_center_contacts_ended').on(t.accountId, t.endedAt), index('contact_center_contacts_started').on(t.accountId, t.startedAt)],
);

/** Up to when each account's simulated calls are placed (the placing job continues from there). */
export const simContactCenterPlacing = simulators.table('contact_center_placing', {
  accountId: uuid('account_id').primaryKey(),
  placedUntil: timestamp('placed_until', { withTimezone: true }).notNull(),
  /** How many calls were placed so far: the next call's seed. */
  placed: integer('placed').notNull().default(0),
});

/**
 * The telephony simulator's carrier (server/integrations/telephony/simulator.ts): what Twilio would
 * hold. Each call placed and message sent (its SID, numbers, the callback to report to, the outcome
 * it will have and when), the patients' replies, the carrier-level opt-outs (a number that replied
 * STOP to a sender), and the carrier's own signing secret.
 */
export const simTelephonySends = simulators.table(
  'telephony_sends',
  {
    sid: text('sid').primaryKey(),
    kind: text('kind').$type<'call' | 'message'>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    bridgeTo: text('bridge_to'),
    body: text('body'),
    statusCallbackUrl: text('status_callback_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the carrier reports the outcome. */
    outcomeAt: timestamp('outcome_at', { withTimezone: true }).notNull(),
    /** The final status it will report (completed, busy, no-answer, failed; delivered, undelivered, failed). */
    outcome: text('outcome').notNull(),
    durationSeconds: integer('duration_seconds'),
    errorCode: text('error_code'),
    /** When the outcome was reported (the callback answered 2xx); null: still to report. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** Failed deliveries of the callback so far (the carrier retries a few times, then gives up). */
    reportTries: integer('report_tries').notNull().default(0),
  },
  (t) => [index('telephony_sends_due').on(t.outcomeAt).where(sql`reported_at is null`)],
);

/** Replies patients sent to a platform number, reported to the inbound URL. */
export const simTelephonyInbound = simulators.table(
  'telephony_inbound',
  {
    sid: text('sid').primaryKey(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    reportTries: integer('report_tries').notNull().default(0),
  },
  (t) => [index('telephony_inbound_due').on(t.receivedAt).where(sql`reported_at is null`)],
);

/** The carrier's own opt-outs: `patient` replied STOP to `sender`; a message from that sender to it is refused (21610). */
export const simTelephonyOptOuts = simulators.table(
  'telephony_opt_outs',
  {
    sender: text('sender').notNull(),
    patient: text('patient').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sender, t.patient] })],
);

/** The simulated carrier's auth token, made once per database: it signs the callbacks as Twilio's signs Twilio's. */
export const simTelephonySecret = simulators.table('telephony_secret', {
  id: integer('id').primaryKey(),
  authToken: text('auth_token').notNull(),
});
