import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  simTeamDirectoryBotInstalls,
  simTeamDirectoryChannels,
  simTeamDirectoryMembers,
  simTeamDirectoryMessages,
  simTeamDirectoryTeams,
  simTeamDirectoryTenants,
  simTeamDirectoryUsers,
} from '../simulators/schema.ts';
import { botName, TeamDirectoryError, type DirectoryChannel, type DirectoryMessage, type DirectoryTeam, type DirectoryUser, type TeamDirectory } from './port.ts';

/**
 * The embedded Microsoft Teams directory: per Azure tenant id, a directory of users, teams (with
 * members and channels), the bot's installs and the messages it sent, kept in PostgreSQL
 * (`sim_team_directory_…`), answering as Graph would (GUID ids, `19:…@thread.tacv2` channels).
 *
 * A tenant it has never seen is provisioned on first use with a directory derived from the
 * tenant id alone (a dozen users, three teams), so the same tenant always gets the same
 * directory and two tenants never share anything.
 */

/** A GUID derived from a name, shaped like Azure AD's (version 4 layout), so ids are stable. */
export function directoryGuid(name: string): string {
  const hex = createHash('sha1').update(`astera-team-directory:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** A Graph channel id for a name: `19:<32 hex>@thread.tacv2`. */
export function directoryChannelId(name: string): string {
  return `19:${createHash('sha1').update(`astera-team-channel:${name}`).digest('hex').slice(0, 32)}@thread.tacv2`;
}

const givenNames = ['Olivia', 'Liam', 'Amara', 'Noah', 'Priya', 'Mateo', 'Hannah', 'Kenji', 'Sofia', 'Elijah', 'Grace', 'Omar', 'Lucia', 'Daniel', 'Mei', 'Samuel'];
const familyNames = ['Bennett', 'Okafor', 'Hughes', 'Nakamura', 'Patel', 'Rivera', 'Fischer', 'Adeyemi', 'Larsen', 'Kowalski', 'Moreau', 'Silva', 'Brooks', 'Haddad', 'Lindqvist', 'Tran'];
const jobTitles = [
  'Practice Manager',
  'Front Desk Coordinator',
  'Registered Nurse',
  'Medical Assistant',
  'Family Physician',
  'Billing Specialist',
  'Scheduling Coordinator',
  'Nurse Practitioner',
  'IT Support Specialist',
  'Referral Coordinator',
  'Pediatrician',
  null,
];

/** The three teams every simulated tenant has, with their channels (General first, as in Teams). */
const teamTemplates = [
  { name: 'Front Desk', description: 'Check-in, scheduling and phones', channels: ['General', 'Schedule Changes', 'Phones'] },
  { name: 'Clinical Staff', description: 'Nurses, physicians and medical assistants', channels: ['General', 'Handoffs', 'Lab Results'] },
  { name: 'Practice Leadership', description: 'Managers and leads', channels: ['General', 'Announcements'] },
] as const;

export const directorySize = { users: 12, teams: teamTemplates.length } as const;

/** A deterministic draw from the tenant id: the n-th number in [0, max). */
const draw = (tenantId: string, what: string, max: number) => createHash('sha1').update(`${tenantId}:${what}`).digest().readUInt32BE(0) % max;

/** Creates the tenant's directory unless it exists (idempotent, safe to race: the tenant row is the lock). */
export async function provisionTenant(tx: Tx | Db, tenantId: string): Promise<boolean> {
  const [created] = await tx.insert(simTeamDirectoryTenants).values({ tenantId }).onConflictDoNothing().returning();
  if (!created) return false;
  const domain = `tenant-${tenantId.slice(0, 8)}.onmicrosoft.com`;
  const offset = draw(tenantId, 'names', givenNames.length);
  const users = Array.from({ length: directorySize.users }, (_, i) => {
    const given = givenNames[(offset + i) % givenNames.length]!;
    const family = familyNames[(offset + i * 5) % familyNames.length]!;
    const login = `${given}.${family}`.toLowerCase();
    return {
      tenantId,
      id: directoryGuid(`${tenantId}:user:${i}`),
      displayName: `${given} ${family}`,
      jobTitle: jobTitles[i] ?? null,
      // One user without a mailbox, as real directories have (a service or shared account).
      mail: i === directorySize.users - 1 ? null : `${login}@${domain}`,
      userPrincipalName: `${login}@${domain}`,
    };
  });
  await tx.insert(simTeamDirectoryUsers).values(users);
  for (const [t, template] of teamTemplates.entries()) {
    const teamId = directoryGuid(`${tenantId}:team:${t}`);
    await tx.insert(simTeamDirectoryTeams).values({ tenantId, id: teamId, displayName: template.name, description: template.description });
    // Members: five to eight users, a different slice of the directory for each team, so a bot
    // installed on one team reaches some users and not others.
    const members = users.filter((_, i) => (i + t * 4) % directorySize.users < 5 + draw(tenantId, `team:${t}:size`, 4));
    await tx.insert(simTeamDirectoryMembers).values(members.map((user) => ({ tenantId, teamId, userId: user.id })));
    await tx.insert(simTeamDirectoryChannels).values(
      template.channels.map((name, position) => ({
        tenantId,
        teamId,
        id: directoryChannelId(`${tenantId}:${t}:${name}`),
        displayName: name,
        description: name === 'General' ? `The ${template.name} team's general channel` : null,
        position,
      })),
    );
  }
  return true;
}

const notFound = (what: 'team_not_found' | 'channel_not_found') => new TeamDirectoryError(what);

const webUrl = (channelId: string, teamId: string, tenantId: string, name: string) =>
  `https://teams.microsoft.com/l/channel/${encodeURIComponent(channelId)}/${encodeURIComponent(name)}?groupId=${teamId}&tenantId=${tenantId}`;

const present = (row: typeof simTeamDirectoryMessages.$inferSelect): DirectoryMessage => ({
  id: String(row.id),
  createdDateTime: row.createdAt.toISOString(),
  content: row.content,
  from: row.fromName,
});

export function createSimulatedTeamDirectory(db: Db): TeamDirectory {
  const ready = async (tenantId: string) => {
    await provisionTenant(db, tenantId);
  };
  const team = async (tenantId: string, teamId: string): Promise<DirectoryTeam> => {
    await ready(tenantId);
    const [row] = await db
      .select({ id: simTeamDirectoryTeams.id, displayName: simTeamDirectoryTeams.displayName, description: simTeamDirectoryTeams.description })
      .from(simTeamDirectoryTeams)
      .where(and(eq(simTeamDirectoryTeams.tenantId, tenantId), eq(simTeamDirectoryTeams.id, teamId)));
    if (!row) throw notFound('team_not_found');
    return row;
  };
  const channel = async (tenantId: string, teamId: string, channelId: string) => {
    const [row] = await db
      .select({ id: simTeamDirectoryChannels.id })
      .from(simTeamDirectoryChannels)
      .where(and(eq(simTeamDirectoryChannels.tenantId, tenantId), eq(simTeamDirectoryChannels.teamId, teamId), eq(simTeamDirectoryChannels.id, channelId)));
    if (!row) throw notFound('channel_not_found');
  };
  const installed = async (tenantId: string, teamId: string) =>
    (await db
      .select({ teamId: simTeamDirectoryBotInstalls.teamId })
      .from(simTeamDirectoryBotInstalls)
      .where(and(eq(simTeamDirectoryBotInstalls.tenantId, tenantId), eq(simTeamDirectoryBotInstalls.teamId, teamId)))).length > 0;

  return {
    kind: 'simulator',
    async listUsers(tenantId): Promise<DirectoryUser[]> {
      await ready(tenantId);
      return db
        .select({
          id: simTeamDirectoryUsers.id,
          displayName: simTeamDirectoryUsers.displayName,
          jobTitle: simTeamDirectoryUsers.jobTitle,
          mail: simTeamDirectoryUsers.mail,
          userPrincipalName: simTeamDirectoryUsers.userPrincipalName,
        })
        .from(simTeamDirectoryUsers)
        .where(eq(simTeamDirectoryUsers.tenantId, tenantId))
        .orderBy(asc(simTeamDirectoryUsers.displayName));
    },
    async listTeams(tenantId) {
      await ready(tenantId);
      return db
        .select({ id: simTeamDirectoryTeams.id, displayName: simTeamDirectoryTeams.displayName, description: simTeamDirectoryTeams.description })
        .from(simTeamDirectoryTeams)
        .where(eq(simTeamDirectoryTeams.tenantId, tenantId))
        .orderBy(asc(simTeamDirectoryTeams.displayName));
    },
    getTeam: team,
    async listMemberIds(tenantId, teamId) {
      await team(tenantId, teamId);
      const rows = await db
        .select({ userId: simTeamDirectoryMembers.userId })
        .from(simTeamDirectoryMembers)
        .where(and(eq(simTeamDirectoryMembers.tenantId, tenantId), eq(simTeamDirectoryMembers.teamId, teamId)));
      return rows.map((row) => row.userId);
    },
    async isBotInstalled(tenantId, teamId) {
      await team(tenantId, teamId);
      return installed(tenantId, teamId);
    },
    async installBot(tenantId, teamId) {
      await team(tenantId, teamId);
      const added = await db
        .insert(simTeamDirectoryBotInstalls)
        .values({ tenantId, teamId, installationId: directoryGuid(`${tenantId}:${teamId}:install:${Date.now()}`) })
        .onConflictDoNothing()
        .returning();
      return added.length > 0;
    },
    async listChannels(tenantId, teamId): Promise<DirectoryChannel[]> {
      await team(tenantId, teamId);
      const rows = await db
        .select()
        .from(simTeamDirectoryChannels)
        .where(and(eq(simTeamDirectoryChannels.tenantId, tenantId), eq(simTeamDirectoryChannels.teamId, teamId)))
        .orderBy(asc(simTeamDirectoryChannels.position), asc(simTeamDirectoryChannels.displayName));
      return rows.map((row) => ({
        id: row.id,
        displayName: row.displayName,
        description: row.description,
        membershipType: row.membershipType,
        webUrl: webUrl(row.id, teamId, tenantId, row.displayName),
      }));
    },
    async sendMessage(tenantId, teamId, channelId, content) {
      await team(tenantId, teamId);
      await channel(tenantId, teamId, channelId);
      // As Graph: an app may post to a team only where it is installed (resource-specific consent).
      if (!(await installed(tenantId, teamId))) throw new TeamDirectoryError('bot_not_installed');
      const [row] = await db.insert(simTeamDirectoryMessages).values({ tenantId, teamId, channelId, content, fromName: botName }).returning();
      return present(row!);
    },
    async listMessages(tenantId, teamId, channelId) {
      await team(tenantId, teamId);
      await channel(tenantId, teamId, channelId);
      const rows = await db
        .select()
        .from(simTeamDirectoryMessages)
        .where(and(eq(simTeamDirectoryMessages.tenantId, tenantId), eq(simTeamDirectoryMessages.teamId, teamId), eq(simTeamDirectoryMessages.channelId, channelId)))
        .orderBy(desc(simTeamDirectoryMessages.id))
        .limit(50);
      return rows.map(present);
    },
  };
}
