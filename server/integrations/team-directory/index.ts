import type { Db } from '../../db/client.ts';
import { createBotConnectorMessenger } from './bot-connector.ts';
import { createGraphTeamDirectory } from './graph.ts';
import type { TeamDirectory } from './port.ts';
import type { TeamDirectorySettings } from './settings.ts';
import { createSimulatedTeamDirectory } from './simulator.ts';

/**
 * The team directory the configuration chose (`config.teamDirectory`: the config loader reads and
 * checks the choice and every setting of the real adapter through settings.ts): the embedded simulator by default, or Microsoft Graph for the directory
 * with the Bot Connector for the bot's messages (`TEAMS_DIRECTORY=graph`).
 */
export function createTeamDirectory(settings: TeamDirectorySettings, db: Db): TeamDirectory {
  if (settings.kind === 'simulator') return createSimulatedTeamDirectory(db);
  return createGraphTeamDirectory({ ...settings.graph, botTeamsAppId: settings.bot.teamsAppId, messenger: createBotConnectorMessenger(settings.bot) });
}
