import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../domain/messages.ts';
import { teamsLimits, teamsMessages, type ChannelList, type ChannelMessage, type ChannelMessageList, type TeamList, type TeamsUserList } from '../../../domain/teams.ts';
import { createApi } from '../../app.ts';
import { accounts, auditLog } from '../../db/schema/index.ts';
import { demoTenants, seedId } from '../../seed/seed.ts';
import graphError from '../../integrations/team-directory/recorded/error.json' with { type: 'json' };
import { recordedTenant } from '../../integrations/team-directory/recorded-tenant.ts';
import { directorySize } from '../../integrations/team-directory/simulator.ts';
import { fileHarness, type DemoUser } from '../../test/harness.ts';
import { errorOf } from '../../test/record-api.ts';
import { riversideHolderOf } from '../../test/role-holder.ts';

const h = fileHarness();

/** Riverside (the manager's and viewer's home) as the instance administrator acts in it. */
const riverside = () => `accountId=${h.accounts.riverside.id}`;
const lakeside = () => `accountId=${h.accounts.lakeside.id}`;
const get = async <T>(path: string, user: DemoUser = 'admin') => {
  const res = await h.call(user, path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const teamsOf = (account = riverside()) => get<TeamList>(`/teamsbot/graph/team?${account}`);
const channelPath = (teamId: string, channelId: string) => `/teamsbot/graph/team/${teamId}/channels/${encodeURIComponent(channelId)}/messages`;

async function teamNamed(name: string, account = riverside()) {
  const team = (await teamsOf(account)).teams.find((t) => t.displayName === name);
  expect(team, name).toBeDefined();
  return team!;
}
async function channelsOf(teamId: string, account = riverside()) {
  return get<ChannelList>(`/teamsbot/graph/team/${teamId}/channels?${account}`);
}

describe('the directory of the account’s tenant', () => {
  it('lists a dozen users with displayName, jobTitle, id and whether the bot reaches them (answer has users)', async () => {
    const answer = await get<TeamsUserList>(`/teamsbot/graph/users?cacheOnly=true&${riverside()}`);
    expect(answer.tenantId).toBe(demoTenants.riverside);
    expect(answer.users).toHaveLength(directorySize.users);
    for (const user of answer.users) {
      expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(typeof user.displayName).toBe('string');
      expect(typeof user.teamsBotInstalled).toBe('boolean');
    }
    expect(answer.users.some((u) => u.jobTitle === 'Practice Manager')).toBe(true);
    // The seed installed the bot on Front Desk: its members are reached, the rest are not.
    expect(answer.users.filter((u) => u.teamsBotInstalled).length).toBeGreaterThan(0);
    expect(answer.users.filter((u) => !u.teamsBotInstalled).length).toBeGreaterThan(0);
  });

  it('lists three teams with their bot status (answer has teams), and each team’s channels (answer has channels)', async () => {
    const { teams } = await teamsOf();
    expect(teams.map((t) => t.displayName)).toEqual(['Clinical Staff', 'Front Desk', 'Practice Leadership']);
    expect(teams.find((t) => t.displayName === 'Front Desk')!.botInstalled).toBe(true);
    expect(teams.find((t) => t.displayName === 'Practice Leadership')!.botInstalled).toBe(false);
    const { channels, team } = await channelsOf(teams[0]!.id);
    expect(team.displayName).toBe('Clinical Staff');
    expect(channels[0]!.displayName).toBe('General');
    for (const channel of channels) expect(channel.id).toMatch(/^19:[0-9a-f]{32}@thread\.tacv2$/);
  });

  it('another account’s tenant has its own directory: nothing of Riverside’s is visible from Lakeside', async () => {
    const river = await teamsOf();
    const lake = await teamsOf(lakeside());
    expect(lake.tenantId).toBe(demoTenants.lakeside);
    const riverIds = new Set(river.teams.map((t) => t.id));
    expect(lake.teams.some((t) => riverIds.has(t.id))).toBe(false);
    const riverUsers = new Set((await get<TeamsUserList>(`/teamsbot/graph/users?${riverside()}`)).users.map((u) => u.id));
    const lakeUsers = (await get<TeamsUserList>(`/teamsbot/graph/users?${lakeside()}`)).users;
    expect(lakeUsers.some((u) => riverUsers.has(u.id))).toBe(false);
    // A Riverside team by its id, asked in Lakeside: not found, and nothing installed or sent.
    const team = river.teams[0]!;
    const channel = (await channelsOf(team.id)).channels[0]!;
    expect((await h.call('admin', `/teamsbot/graph/team/${team.id}/channels?${lakeside()}`)).status).toBe(404);
    expect((await h.call('admin', `/teamsbot/graph/team/${team.id}?${lakeside()}`, { method: 'POST' })).status).toBe(404);
    expect((await h.call('admin', `${channelPath(team.id, channel.id)}?${lakeside()}`, { method: 'POST', json: { message: 'Hello from the wrong tenant' } })).status).toBe(404);
  });

  it('an account without a tenant gets 409 with a clear message on every route', async () => {
    const astera = `accountId=${h.accounts.astera.id}`;
    const team = (await teamsOf()).teams[0]!;
    for (const [method, path] of [
      ['GET', `/teamsbot/graph/users?cacheOnly=true&${astera}`],
      ['GET', `/teamsbot/graph/team?${astera}`],
      ['POST', `/teamsbot/graph/team/${team.id}?${astera}`],
      ['GET', `/teamsbot/graph/team/${team.id}/channels?${astera}`],
    ] as const) {
      const res = await h.call('admin', path, { method });
      expect(res.status, path).toBe(409);
      expect(await errorOf(res)).toEqual({ code: 'no_tenant', message: teamsMessages.noTenant });
    }
  });

  it('a tenant id that is not a GUID counts as none', async () => {
    await h.db.update(accounts).set({ config: { azure: { tenantId: 'not-a-guid' } } }).where(eq(accounts.id, h.accounts.astera.id));
    const res = await h.call('admin', `/teamsbot/graph/team?accountId=${h.accounts.astera.id}`);
    expect(res.status).toBe(409);
    await h.db.update(accounts).set({ config: {} }).where(eq(accounts.id, h.accounts.astera.id));
  });
});

describe('installing the bot and sending messages', () => {
  it('refuses a message to a team without the bot with a clear message, sends once installed, and the message shows', async () => {
    const team = await teamNamed('Practice Leadership', lakeside());
    expect(team.botInstalled).toBe(false);
    const channel = (await channelsOf(team.id, lakeside())).channels.find((c) => c.displayName === 'Announcements')!;
    const refused = await h.call('admin', `${channelPath(team.id, channel.id)}?${lakeside()}`, { method: 'POST', json: { message: 'Staff meeting at noon' } });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: 'bot_not_installed', message: teamsMessages.botNotInstalled });

    const before = await get<TeamsUserList>(`/teamsbot/graph/users?cacheOnly=true&${lakeside()}`);
    const install = await h.call('admin', `/teamsbot/graph/team/${team.id}?${lakeside()}`, { method: 'POST' });
    expect(install.status).toBe(201);
    expect(await install.json()).toMatchObject({ id: team.id, botInstalled: true, installed: true });
    expect((await teamNamed('Practice Leadership', lakeside())).botInstalled).toBe(true);
    // Installing again changes nothing (200, not installed anew) and is not audited twice.
    const again = await h.call('admin', `/teamsbot/graph/team/${team.id}?${lakeside()}`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ installed: false });
    const installs = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'TeamsTeam'), eq(auditLog.resourceId, team.id)));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatchObject({ accountId: h.accounts.lakeside.id, action: 'install_bot' });
    // The cached users list was dropped: the team's members are now reached.
    const after = await get<TeamsUserList>(`/teamsbot/graph/users?cacheOnly=true&${lakeside()}`);
    expect(after.users.filter((u) => u.teamsBotInstalled).length).toBeGreaterThan(before.users.filter((u) => u.teamsBotInstalled).length);

    const sent = await h.call('admin', `${channelPath(team.id, channel.id)}?${lakeside()}`, { method: 'POST', json: { message: '  Staff meeting at noon  ' } });
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as ChannelMessage;
    expect(message).toMatchObject({ channelId: channel.id, content: 'Staff meeting at noon', from: 'Astera Bot' });
    const listed = await get<ChannelMessageList>(`${channelPath(team.id, channel.id)}?${lakeside()}`);
    expect(listed.messages[0]).toMatchObject({ id: message.id, content: 'Staff meeting at noon' });
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.resourceType, 'TeamsChannelMessage'), eq(auditLog.resourceId, message.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ accountId: h.accounts.lakeside.id, action: 'send_message', after: { teamId: team.id, channelId: channel.id, content: 'Staff meeting at noon' } });
  });

  it('validates the message: required, at most 2000 characters, and the error never echoes it', async () => {
    const team = await teamNamed('Front Desk');
    const channel = (await channelsOf(team.id)).channels[0]!;
    const path = `${channelPath(team.id, channel.id)}?${riverside()}`;
    for (const [json, field] of [
      [{ message: '   ' }, teamsMessages.messageRequired],
      [{}, teamsMessages.messageRequired],
      [{ message: 42 }, teamsMessages.messageRequired],
      [{ message: 'x'.repeat(teamsLimits.message + 1) }, teamsMessages.messageTooLong],
    ] as const) {
      const res = await h.call('admin', path, { method: 'POST', json });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.fields?.message).toBe(field);
      expect(JSON.stringify(error)).not.toContain('xxxxxxxx');
    }
    expect((await h.call('admin', path, { method: 'POST', json: { message: 'x'.repeat(teamsLimits.message) } })).status).toBe(201);
  });

  it('an unknown team or channel, or ids not shaped like Graph’s, are not found', async () => {
    const team = await teamNamed('Front Desk');
    expect((await h.call('admin', `/teamsbot/graph/team/${seedId('no-team')}/channels?${riverside()}`)).status).toBe(404);
    expect((await h.call('admin', `/teamsbot/graph/team/not-a-team/channels?${riverside()}`)).status).toBe(404);
    const unknownChannel = await h.call('admin', `${channelPath(team.id, '19:0000000000000000000000000000abcd@thread.tacv2')}?${riverside()}`, { method: 'POST', json: { message: 'Hi' } });
    expect(unknownChannel.status).toBe(404);
    expect(await errorOf(unknownChannel)).toEqual({ code: 'not_found', message: messages.notFound });
    expect((await h.call('admin', `${channelPath(team.id, 'general')}?${riverside()}`, { method: 'POST', json: { message: 'Hi' } })).status).toBe(404);
  });
});

describe('roles', () => {
  it('Read Only reads the directory but gets 403 on installing and sending', async () => {
    expect((await h.call('viewer', '/teamsbot/graph/users?cacheOnly=true')).status).toBe(200);
    expect((await h.call('viewer', '/teamsbot/graph/team')).status).toBe(200);
    const team = await teamNamed('Clinical Staff');
    expect((await h.call('viewer', `/teamsbot/graph/team/${team.id}/channels`)).status).toBe(200);
    const channel = (await channelsOf(team.id)).channels[0]!;
    const install = await h.call('viewer', `/teamsbot/graph/team/${team.id}`, { method: 'POST' });
    expect(install.status).toBe(403);
    const send = await h.call('viewer', channelPath(team.id, channel.id), { method: 'POST', json: { message: 'Hello' } });
    expect(send.status).toBe(403);
    expect((await teamNamed('Clinical Staff')).botInstalled).toBe(false);
  });

  it('a role without the team-service grants gets 403 on reads too (the Scheduler holds none)', async () => {
    const scheduler = await riversideHolderOf(h, 'Scheduler');
    try {
      expect((await h.call('viewer', '/teamsbot/graph/users?cacheOnly=true', { token: scheduler.token })).status).toBe(403);
      expect((await h.call('viewer', '/teamsbot/graph/team', { token: scheduler.token })).status).toBe(403);
    } finally {
      await scheduler.restore();
    }
  });
});

describe('a tenant whose administrator has not consented to the portal’s app (Graph answers 403)', () => {
  it('answers 409 tenant_not_consented on the users and teams lists (not "bot not installed"), logged once with the answer’s error id and no vendor text', async () => {
    const forbidden = recordedTenant(() => ({ status: 403, body: graphError }));
    const api = createApi({ ...h.deps, teamDirectory: forbidden.directory });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const path of [`/teamsbot/graph/team?${riverside()}`, `/teamsbot/graph/users?${riverside()}`]) {
        logged.mockClear();
        const res = await api.request(path, { headers: { Authorization: `Bearer ${await h.token('admin')}` } });
        expect(res.status).toBe(409);
        const error = await errorOf(res);
        expect(error).toMatchObject({ code: 'tenant_not_consented', message: teamsMessages.tenantNotConsented });
        expect(error.id).toMatch(/^[0-9a-f-]{36}$/);
        // Users and teams are asked together: the one refusal answered is the one logged.
        expect(logged).toHaveBeenCalledTimes(1);
        const line = String(logged.mock.calls[0]![0]);
        expect(line).toContain(`"id":"${error.id}"`);
        expect(line).toContain('"failure":"not_consented"');
        expect(line).toContain('"status":403');
        expect(line).toContain(`"code":"${graphError.error.code}"`);
        expect(line).not.toContain(graphError.error.message);
        expect(line).not.toContain(demoTenants.riverside);
      }
    } finally {
      logged.mockRestore();
    }
  });
});

describe('the seed', () => {
  it('gives Riverside and Lakeside fixed tenant ids and Astera none', async () => {
    const rows = await h.db.select({ id: accounts.id, config: accounts.config }).from(accounts);
    const tenant = (id: string) => (rows.find((r) => r.id === id)?.config.azure as { tenantId?: string } | undefined)?.tenantId;
    expect(tenant(h.accounts.riverside.id)).toBe(demoTenants.riverside);
    expect(tenant(h.accounts.lakeside.id)).toBe(demoTenants.lakeside);
    expect(tenant(h.accounts.astera.id)).toBeUndefined();
  });
});
