import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { describeTeamDirectoryContract } from './contract.ts';
import { createTeamDirectory } from './index.ts';
import { readTeamDirectorySettings } from './settings.ts';
import { TeamDirectoryError } from './port.ts';
import { createSimulatedTeamDirectory, directorySize } from './simulator.ts';

let testDb: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connect(testDb.url);
}, 120_000);
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const tenantA = '3f2b7c1e-8d4a-4b6e-9c21-5a7d0e9f1b23';
const tenantB = 'a1c9e5d7-2b4f-4a8e-b6d3-9f0e1c2b3a45';
const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// A tenant of its own for each expectation: the simulator provisions it on first use.
describeTeamDirectoryContract('the embedded simulator', async () => ({ directory: createSimulatedTeamDirectory(database.db), tenantId: randomUUID() }));

describe('the team-directory simulator', () => {
  it('is what createTeamDirectory picks by default; the Graph choice builds the real adapter', () => {
    expect(createTeamDirectory(readTeamDirectorySettings({}), database.db).kind).toBe('simulator');
    expect(createTeamDirectory(readTeamDirectorySettings({ TEAMS_DIRECTORY: 'simulator' }), database.db).kind).toBe('simulator');
    const graph = { TEAMS_DIRECTORY: 'graph', TEAMS_GRAPH_CLIENT_ID: 'x', TEAMS_GRAPH_CLIENT_SECRET: 'y', TEAMS_BOT_APP_ID: 'z', TEAMS_BOT_CLIENT_ID: 'b', TEAMS_BOT_CLIENT_SECRET: 's' };
    expect(createTeamDirectory(readTeamDirectorySettings(graph), database.db).kind).toBe('graph');
    expect(() => createTeamDirectory(readTeamDirectorySettings({ ...graph, TEAMS_BOT_CLIENT_SECRET: '' }), database.db)).toThrow(/TEAMS_BOT_CLIENT_SECRET is required/);
  });

  it('gives a tenant a directory of a dozen users and three teams with channels, with Graph-shaped ids, the same every time', async () => {
    const directory = createSimulatedTeamDirectory(database.db);
    const users = await directory.listUsers(tenantA);
    expect(users).toHaveLength(directorySize.users);
    for (const user of users) {
      expect(user.id).toMatch(guid);
      expect(user.userPrincipalName).toMatch(/@tenant-3f2b7c1e\.onmicrosoft\.com$/);
    }
    const teams = await directory.listTeams(tenantA);
    expect(teams).toHaveLength(3);
    for (const team of teams) {
      expect(team.id).toMatch(guid);
      const channels = await directory.listChannels(tenantA, team.id);
      expect(channels[0]!.displayName).toBe('General');
      expect(channels.every((c) => /^19:[0-9a-f]{32}@thread\.tacv2$/.test(c.id))).toBe(true);
      expect((await directory.listMemberIds(tenantA, team.id)).length).toBeGreaterThanOrEqual(5);
    }
    // Another instance (a restart) sees the same directory.
    expect(await createSimulatedTeamDirectory(database.db).listUsers(tenantA)).toEqual(users);
  });

  it('keeps tenants apart: another tenant has other users and teams, and a team of one is not found in the other', async () => {
    const directory = createSimulatedTeamDirectory(database.db);
    const a = await directory.listTeams(tenantA);
    const b = await directory.listTeams(tenantB);
    expect(b.map((t) => t.id).some((id) => a.some((t) => t.id === id))).toBe(false);
    const usersA = new Set((await directory.listUsers(tenantA)).map((u) => u.id));
    expect((await directory.listUsers(tenantB)).some((u) => usersA.has(u.id))).toBe(false);
    await expect(directory.getTeam(tenantB, a[0]!.id)).rejects.toMatchObject({ failure: 'team_not_found' });
    await expect(directory.installBot(tenantB, a[0]!.id)).rejects.toBeInstanceOf(TeamDirectoryError);
  });

  it('refuses a message where the bot is not installed; after the install it sends, and installs and messages survive a restart', async () => {
    const directory = createSimulatedTeamDirectory(database.db);
    const team = (await directory.listTeams(tenantA))[0]!;
    const channel = (await directory.listChannels(tenantA, team.id))[1]!;
    expect(await directory.isBotInstalled(tenantA, team.id)).toBe(false);
    await expect(directory.sendMessage(tenantA, team.id, channel.id, 'Hello')).rejects.toMatchObject({ failure: 'bot_not_installed' });
    expect(await directory.installBot(tenantA, team.id)).toBe(true);
    expect(await directory.installBot(tenantA, team.id)).toBe(false);
    const first = await directory.sendMessage(tenantA, team.id, channel.id, 'First');
    const second = await directory.sendMessage(tenantA, team.id, channel.id, 'Second');
    expect(second).toMatchObject({ content: 'Second', from: 'Astera Bot' });
    await expect(directory.sendMessage(tenantA, team.id, '19:ffffffffffffffffffffffffffffffff@thread.tacv2', 'Lost')).rejects.toMatchObject({ failure: 'channel_not_found' });

    const restarted = createSimulatedTeamDirectory(database.db);
    expect(await restarted.isBotInstalled(tenantA, team.id)).toBe(true);
    expect((await restarted.listMessages(tenantA, team.id, channel.id)).map((m) => m.id)).toEqual([second.id, first.id]);
    // The message went to that channel only.
    const general = (await restarted.listChannels(tenantA, team.id))[0]!;
    expect(await restarted.listMessages(tenantA, team.id, general.id)).toEqual([]);
  });
});
