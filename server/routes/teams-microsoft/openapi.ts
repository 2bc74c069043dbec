import * as v from 'valibot';
import type { BotInstall, ChannelList, ChannelMessage, ChannelMessageList, TeamList, TeamsUserList } from '../../../domain/teams.ts';
import { areaDocs } from '../../openapi/registry.ts';
import { answerOf, dateTime, example, uuid } from '../../openapi/schemas.ts';

/** The team service (server/routes/teams-microsoft/index.ts): the account's Microsoft Teams directory. */

const channelId = v.pipe(v.string(), v.description('Graph’s channel id: `19:<id>@thread.tacv2`.'));

const usersAnswer = answerOf<TeamsUserList>()(
  v.object({
    users: v.array(
      v.object({
        id: v.string(),
        displayName: v.string(),
        jobTitle: v.nullable(v.string()),
        mail: v.nullable(v.string()),
        teamsBotInstalled: v.pipe(v.boolean(), v.description('The bot is installed on a team the user is a member of, so it can reach them.')),
      }),
    ),
    tenantId: uuid,
    cachedAt: v.pipe(dateTime, v.description('When the list was read from the directory.')),
  }),
);
const teamsAnswer = answerOf<TeamList>()(
  v.object({ teams: v.array(v.object({ id: uuid, displayName: v.string(), description: v.nullable(v.string()), botInstalled: v.boolean() })), tenantId: uuid }),
);
const installAnswer = answerOf<BotInstall>()(
  v.object({ id: uuid, displayName: v.string(), botInstalled: v.literal(true), installed: v.pipe(v.boolean(), v.description('False when the bot already was installed (answered 200, not 201).')) }),
);
const channelsAnswer = answerOf<ChannelList>()(
  v.object({
    team: v.object({ id: uuid, displayName: v.string(), botInstalled: v.boolean() }),
    channels: v.array(v.object({ id: channelId, displayName: v.string(), description: v.nullable(v.string()), membershipType: v.string(), webUrl: v.nullable(v.string()) })),
  }),
);
const messageEntries = { id: v.string(), channelId, content: v.string(), createdDateTime: dateTime, from: v.pipe(v.string(), v.description('Who wrote it (the bot, or a person’s name).')) };
const messageAnswer = answerOf<ChannelMessage>()(v.object(messageEntries));
const messagesAnswer = answerOf<ChannelMessageList>()(v.object({ messages: v.pipe(v.array(messageAnswer), v.description('Newest first.')) }));

const tenantId = 'f2b3c4d5-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const teamId = example.otherId;
const channel = '19:a1b2c3d4e5f6@thread.tacv2';
const message: ChannelMessage = { id: '1710408600000', channelId: channel, content: 'The clinic opens at 10 today.', createdDateTime: example.time, from: 'Astera bot' };

export const teamsMicrosoftDocs = areaDocs({
  'GET /teamsbot/graph/users': {
    summary: 'The tenant’s users, each with whether the bot can reach them',
    answer: usersAnswer,
    queryExample: { cacheOnly: 'true' },
    answerExample: { users: [{ id: example.id, displayName: 'Maria Lopez', jobTitle: 'Practice manager', mail: 'maria@riverside.example.com', teamsBotInstalled: true }], tenantId, cachedAt: example.time },
  },
  'GET /teamsbot/graph/team': {
    summary: 'The tenant’s teams, each with whether the bot is installed',
    answer: teamsAnswer,
    answerExample: { teams: [{ id: teamId, displayName: 'Riverside staff', description: null, botInstalled: true }], tenantId },
  },
  'POST /teamsbot/graph/team/:teamId': {
    summary: 'Install the bot on a team (201; 200 when it already was)',
    status: 201,
    answer: installAnswer,
    answerExample: { id: teamId, displayName: 'Riverside staff', botInstalled: true, installed: true },
  },
  'GET /teamsbot/graph/team/:teamId/channels': {
    summary: 'A team’s channels',
    answer: channelsAnswer,
    answerExample: { team: { id: teamId, displayName: 'Riverside staff', botInstalled: true }, channels: [{ id: channel, displayName: 'General', description: null, membershipType: 'standard', webUrl: null }] },
  },
  'GET /teamsbot/graph/team/:teamId/channels/:channelId/messages': { summary: 'A channel’s messages, newest first', answer: messagesAnswer, answerExample: { messages: [message] } },
  'POST /teamsbot/graph/team/:teamId/channels/:channelId/messages': {
    summary: 'Send a message to the channel as the bot (the bot must be installed on the team)',
    status: 201,
    answer: messageAnswer,
    requestExample: { message: 'The clinic opens at 10 today.' },
    answerExample: message,
  },
});
