import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getFreePort } from '../../db/postgres.ts';
import { readTeamDirectorySettings, TeamDirectorySettingsError } from './settings.ts';

const graph = {
  TEAMS_DIRECTORY: 'graph',
  TEAMS_GRAPH_CLIENT_ID: 'graph-client',
  TEAMS_GRAPH_CLIENT_SECRET: 'graph-secret',
  TEAMS_BOT_APP_ID: 'teams-app',
  TEAMS_BOT_CLIENT_ID: 'bot-client',
  TEAMS_BOT_CLIENT_SECRET: 'bot-secret',
};

const problemOf = (env: NodeJS.ProcessEnv) => {
  try {
    readTeamDirectorySettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(TeamDirectorySettingsError);
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('the team directory’s settings', () => {
  it('default to the simulator, unset or empty', () => {
    expect(readTeamDirectorySettings({})).toEqual({ kind: 'simulator' });
    expect(readTeamDirectorySettings({ TEAMS_DIRECTORY: ' ' })).toEqual({ kind: 'simulator' });
    expect(readTeamDirectorySettings({ TEAMS_DIRECTORY: 'Simulator' })).toEqual({ kind: 'simulator' });
  });

  it('for Graph, read the app registration, the bot’s Teams app and its Azure Bot registration, with the Bot Connector’s defaults', () => {
    expect(readTeamDirectorySettings(graph)).toEqual({
      kind: 'graph',
      graph: { clientId: 'graph-client', clientSecret: 'graph-secret' },
      bot: { teamsAppId: 'teams-app', clientId: 'bot-client', clientSecret: 'bot-secret', tenantId: 'botframework.com', serviceUrl: 'https://smba.trafficmanager.net/teams/' },
    });
    const own = readTeamDirectorySettings({ ...graph, TEAMS_BOT_TENANT_ID: 'c0ffee00-0000-4000-8000-000000000000', TEAMS_BOT_SERVICE_URL: 'https://smba.infra.gcc.teams.microsoft.com/gcc' });
    expect(own.kind === 'graph' && own.bot).toMatchObject({ tenantId: 'c0ffee00-0000-4000-8000-000000000000', serviceUrl: 'https://smba.infra.gcc.teams.microsoft.com/gcc/' });
  });

  it('name every missing or invalid setting, and an unknown choice', () => {
    expect(problemOf({ TEAMS_DIRECTORY: 'graph', TEAMS_GRAPH_CLIENT_ID: 'x' })).toBe(
      'TEAMS_GRAPH_CLIENT_SECRET is required; TEAMS_BOT_APP_ID is required; TEAMS_BOT_CLIENT_ID is required; TEAMS_BOT_CLIENT_SECRET is required (TEAMS_DIRECTORY=graph)',
    );
    expect(problemOf({ ...graph, TEAMS_BOT_CLIENT_SECRET: '  ' })).toBe('TEAMS_BOT_CLIENT_SECRET is required (TEAMS_DIRECTORY=graph)');
    expect(problemOf({ ...graph, TEAMS_BOT_SERVICE_URL: 'http://smba.example' })).toMatch(/^TEAMS_BOT_SERVICE_URL must be an absolute https URL/);
    expect(problemOf({ TEAMS_DIRECTORY: 'teams' })).toBe('TEAMS_DIRECTORY must be one of simulator, graph (got "teams")');
  });

  it('are checked when the server starts: a missing one stops it with a configuration error naming it', async () => {
    // Ports and a data folder of its own: were the check gone, the server would start there, not on anyone's.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'astera-settings-'));
    const ports = { PORT: String(await getFreePort()), IDP_PORT: String(await getFreePort()), PG_PORT: String(await getFreePort()), DATA_DIR: dataDir };
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const { TEAMS_DIRECTORY: _choice, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...env, ...ports, ...graph, TEAMS_BOT_CLIENT_ID: '', SERVE_SPA: 'false' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    await fs.rm(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Configuration error: TEAMS_BOT_CLIENT_ID is required (TEAMS_DIRECTORY=graph)');
  }, 150_000);
});
