import { describe, expect, it } from 'vitest';
import { botName, TeamDirectoryError, type TeamDirectory } from './port.ts';

/**
 * The team directory's contract: one set of expectations that every adapter meets, run against
 * the simulator (simulator.test.ts) and against the Graph adapter with the Bot Connector over
 * answers recorded from Microsoft's documentation (graph.test.ts). `world()` gives a fresh
 * directory and a tenant on which the bot is not installed anywhere yet.
 */
export type ContractWorld = { directory: TeamDirectory; tenantId: string };

/** A team id no tenant has (Graph shape, so only the lookup can refuse it). */
const unknownTeam = '00000000-0000-4000-8000-000000000000';

const rejectsWith = async (call: Promise<unknown>, failure: TeamDirectoryError['failure']) => {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TeamDirectoryError);
  expect((error as TeamDirectoryError).failure).toBe(failure);
};

export function describeTeamDirectoryContract(name: string, world: () => Promise<ContractWorld>) {
  describe(`the team-directory contract: ${name}`, () => {
    it('lists the tenant’s users, jobTitle and mail null where the directory has none', async () => {
      const { directory, tenantId } = await world();
      const users = await directory.listUsers(tenantId);
      expect(users.length).toBeGreaterThan(0);
      for (const user of users) {
        expect(Object.keys(user).sort()).toEqual(['displayName', 'id', 'jobTitle', 'mail', 'userPrincipalName']);
        expect(user.id).not.toBe('');
        expect(user.displayName).not.toBe('');
        expect(user.userPrincipalName).toContain('@');
        expect(user.jobTitle === null || typeof user.jobTitle === 'string').toBe(true);
        expect(user.mail === null || typeof user.mail === 'string').toBe(true);
      }
    });

    it('lists teams; a listed team is found by its id, an unknown one is team_not_found', async () => {
      const { directory, tenantId } = await world();
      const teams = await directory.listTeams(tenantId);
      expect(teams.length).toBeGreaterThan(0);
      for (const team of teams) expect(Object.keys(team).sort()).toEqual(['description', 'displayName', 'id']);
      expect(await directory.getTeam(tenantId, teams[0]!.id)).toEqual(teams[0]);
      await rejectsWith(directory.getTeam(tenantId, unknownTeam), 'team_not_found');
      await rejectsWith(directory.listChannels(tenantId, unknownTeam), 'team_not_found');
    });

    it('lists a team’s members (user ids) and channels', async () => {
      const { directory, tenantId } = await world();
      const [team] = await directory.listTeams(tenantId);
      const members = await directory.listMemberIds(tenantId, team!.id);
      expect(members.length).toBeGreaterThan(0);
      expect(members.every((id) => typeof id === 'string' && id !== '')).toBe(true);
      const channels = await directory.listChannels(tenantId, team!.id);
      expect(channels.length).toBeGreaterThan(0);
      for (const channel of channels) {
        expect(Object.keys(channel).sort()).toEqual(['description', 'displayName', 'id', 'membershipType', 'webUrl']);
        expect(channel.membershipType).not.toBe('');
      }
    });

    it('posts as the bot only on a team where the bot is installed: bot_not_installed before, the message after', async () => {
      const { directory, tenantId } = await world();
      const [team] = await directory.listTeams(tenantId);
      const [channel] = await directory.listChannels(tenantId, team!.id);
      expect(await directory.isBotInstalled(tenantId, team!.id)).toBe(false);
      await rejectsWith(directory.sendMessage(tenantId, team!.id, channel!.id, 'Staff meeting at noon'), 'bot_not_installed');

      expect(await directory.installBot(tenantId, team!.id)).toBe(true);
      expect(await directory.isBotInstalled(tenantId, team!.id)).toBe(true);
      expect(await directory.installBot(tenantId, team!.id)).toBe(false);

      const sent = await directory.sendMessage(tenantId, team!.id, channel!.id, 'Staff meeting at noon');
      expect(sent.content).toBe('Staff meeting at noon');
      expect(sent.from).toBe(botName);
      expect(sent.id).not.toBe('');
      expect(Number.isNaN(Date.parse(sent.createdDateTime))).toBe(false);
    });

    it('reads a channel’s messages newest first, each with its author', async () => {
      const { directory, tenantId } = await world();
      const [team] = await directory.listTeams(tenantId);
      const [channel] = await directory.listChannels(tenantId, team!.id);
      await directory.installBot(tenantId, team!.id);
      await directory.sendMessage(tenantId, team!.id, channel!.id, 'Lab results are in');
      const messages = await directory.listMessages(tenantId, team!.id, channel!.id);
      expect(messages.length).toBeGreaterThan(0);
      const times = messages.map((m) => m.createdDateTime);
      expect(times).toEqual([...times].sort().reverse());
      for (const message of messages) {
        expect(message.id).not.toBe('');
        expect(message.from).not.toBe('');
      }
    });
  });
}
