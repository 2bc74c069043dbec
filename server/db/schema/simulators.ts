/** The integration simulators' own tables (server/integrations): what a vendor would hold, not the portal's records. */
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The team-directory simulator's Microsoft Teams tenants (server/integrations/team-directory):
 * per Azure tenant id, the users, teams, memberships, channels, bot installs and the messages
 * sent, so installs and messages survive a restart. Not the portal's own records: what Graph
 * would hold.
 */
export const simTeamDirectoryTenants = pgTable('sim_team_directory_tenants', {
  tenantId: uuid('tenant_id').primaryKey(),
  provisionedAt: timestamp('provisioned_at', { withTimezone: true }).notNull().defaultNow(),
});

export const simTeamDirectoryUsers = pgTable(
  'sim_team_directory_users',
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

export const simTeamDirectoryTeams = pgTable(
  'sim_team_directory_teams',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const simTeamDirectoryMembers = pgTable(
  'sim_team_directory_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.teamId, t.userId] })],
);

export const simTeamDirectoryChannels = pgTable(
  'sim_team_directory_channels',
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

export const simTeamDirectoryBotInstalls = pgTable(
  'sim_team_directory_bot_installs',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    /** Graph's teamsAppInstallation id. */
    installationId: text('installation_id').notNull(),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.teamId] })],
);

export const simTeamDirectoryMessages = pgTable(
  'sim_team_directory_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    channelId: text('channel_id').notNull(),
    content: text('content').notNull(),
    fromName: text('from_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sim_team_directory_messages_channel').on(t.tenantId, t.teamId, t.channelId, t.id)],
);

/**
 * The contact-center simulator's Amazon-Connect-like instance per account
 * (server/integrations/contact-center/simulator.ts): its ids, and how many listings it has
 * answered, which is how far its queues have changed.
 */
export const simContactCenterInstances = pgTable('sim_contact_center_instances', {
  accountId: uuid('account_id').primaryKey(),
  awsAccountId: text('aws_account_id').notNull(),
  instanceId: text('instance_id').notNull(),
  region: text('region').notNull(),
  listings: integer('listings').notNull().default(0),
});

/** The simulator's queues: `removed_at` set once the simulated instance deleted one. */
export const simContactCenterQueues = pgTable(
  'sim_contact_center_queues',
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
