import { readFile } from 'node:fs/promises';
import { AccessLog } from './access-log.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createRemoteJWKSet } from 'jose';
import { createApi } from './app.ts';
import { CallerCache } from './auth/callers.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connect } from './db/client.ts';
import { createDeps } from './deps.ts';
import { migrate } from './db/migrate.ts';
import { keepEmbeddedPostgres } from './db/postgres.ts';
import { demoUsers, seed } from './seed/seed.ts';
import { credentialAccounts } from './idp/accounts.ts';
import { migrateSimulators } from './integrations/simulators/migrate.ts';
import { startIdp } from './idp/index.ts';
import { startJobs } from './jobs/index.ts';
import { NotificationHub } from './notifications/stream.ts';
import { chatPageAccount } from './chat/chat.ts';
import { builtPublicPages, createPortal, spaPage, type SpaSettings } from './portal.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist');
/** How long a stop may take in all before the process exits anyway. */
const shutdownLimitMs = 15_000;
/** How long a request in flight at a stop may run before its connection is closed. */
const requestGraceMs = 3_000;

/** The settings the SPA needs at run time, put into index.html so no extra request is made. */
function spaSettings(config: Config): SpaSettings {
  return {
    authDomain: config.auth.domain,
    authClientId: config.auth.clientId,
    authAudience: config.auth.audience,
    apiBaseUrl: config.apiBaseUrl,
    reportingUrl: config.reportingUrl,
  };
}

/** Every page when SERVE_SPA=false (API tests run before the SPA is built). */
const apiOnlyPage = '<!doctype html><title>Astera Portal</title><p>This server runs the API only (SERVE_SPA=false).</p><!--astera-settings-->';

async function main() {
  const started = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const stops: (() => Promise<unknown>)[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // A stop that hangs must not keep the process (and its port) forever.
    setTimeout(() => {
      console.error(`Stopping took longer than ${shutdownLimitMs / 1000} s; exiting without waiting further.`);
      process.exit(1);
    }, shutdownLimitMs).unref();
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => {
      // A second Ctrl+C while stopping means "now": PostgreSQL got the same signal from the
      // terminal, and a start after a hard stop cleans up an orphan by itself (faults.test.ts).
      if (stopping) {
        console.error('Stopping at once.');
        process.exit(130);
      }
      console.log('Stopping… (press Ctrl+C again to stop at once)');
      void shutdown(0);
    });
  // Started by `npm start` (scripts/start.mjs), which holds an IPC channel to this process: the
  // channel closes when that parent dies, even by SIGKILL, and nothing must keep serving then.
  if (process.channel) {
    process.once('disconnect', () => void shutdown(0));
    process.channel.unref();
  }

  const phases: string[] = [];
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const pg = await keepEmbeddedPostgres({ dataDir: config.dataDir, port: config.pgPort, notice: (line) => console.warn(`[postgres] ${line}`) });
      stops.push(() => pg.stop());
      databaseUrl = pg.url;
      phase('database');
    }
    await migrate(databaseUrl);
    const database = connect(databaseUrl);
    stops.push(() => database.close());
    // The process's listeners, started below in their turn; the API and the jobs share these dependencies.
    const callers = new CallerCache(databaseUrl);
    const notifications = new NotificationHub(databaseUrl);
    // Reads of patient data, written in batches; what is buffered is written on the way out.
    const accessLog = new AccessLog(database.db);
    const deps = createDeps({
      db: database.db,
      callers,
      keys: createRemoteJWKSet(new URL(`${config.auth.domain}/.well-known/jwks.json`)),
      issuer: config.auth.issuer,
      audience: config.auth.audience,
      reportingUrl: config.reportingUrl,
      integrations: {
        teamDirectory: config.teamDirectory,
        contactCenter: config.contactCenter,
        recordings: config.recordings,
        dataDir: config.dataDir,
        telephony: { settings: config.telephony, publicUrl: config.publicUrl },
      },
      publicUrl: config.publicUrl,
      trustProxyHops: config.trustProxyHops,
      notifications,
      accessLog,
      workflowSecondsPerDay: config.workflows.secondsPerDay,
      webhooks: { allowPrivateNetworks: config.webhooks.allowPrivateNetworks },
    });
    const { teamDirectory, contactCenter, recordings, telephony } = deps;
    // The simulators' schema exists only where a simulator answers (never in a production database).
    if ([teamDirectory, contactCenter, telephony].some((adapter) => adapter?.kind === 'simulator')) await migrateSimulators(databaseUrl);
    // The simulated carrier reports outcomes and replies as they fall due (a real carrier runs on its own).
    const stopCarrier = telephony?.run?.();
    if (stopCarrier) stops.push(async () => stopCarrier());
    phase('migrations');
    const seeded = await seed(database.db, { recordings });
    phase('seed');

    if (config.auth.embedded) {
      const idp = await startIdp({
        port: config.idpPort,
        issuer: config.auth.issuer,
        clientId: config.auth.clientId,
        audience: config.auth.audience,
        redirectUris: [`${config.publicUrl}/login/callback`],
        postLogoutRedirectUris: [config.publicUrl, `${config.publicUrl}/`],
        keyFile: config.idpKeyFile,
        database,
        trustProxyHops: config.trustProxyHops,
        ...credentialAccounts(database.db),
      });
      stops.push(() => idp.close());
      phase('identity provider');
    }

    await callers.start();
    stops.push(() => callers.close());
    // The job queue (notification fan-out) and the listener that pushes notifications to open bells.
    // The contact center's calls: placed by the simulator (when chosen) and read into the history, recordings kept in the chosen store.
    const jobs = await startJobs(databaseUrl, deps, { interactions: config.interactions });
    stops.push(() => jobs.stop());
    await notifications.start();
    stops.push(() => notifications.close());
    phase('jobs');
    accessLog.start();
    stops.push(() => accessLog.close());
    const api = createApi(deps);

    const indexHtml = config.serveSpa ? await readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => null) : apiOnlyPage;
    if (!indexHtml) throw new Error('The SPA is not built (dist/index.html missing): run `npm start`, which builds it.');
    const settings = spaSettings(config);
    const publicPages = config.serveSpa ? await builtPublicPages(distDir, settings) : [];
    // The chat widget is framed by its practice's own sites (domain/public-pages.ts).
    const app = createPortal({ api, page: spaPage(indexHtml, settings), publicPages, accountOf: chatPageAccount(deps.db), distDir, settings });

    const server = serve({ fetch: app.fetch, port: config.port });
    // An idle keep-alive connection is closed by the client (or a load balancer, whose idle timeout
    // is 60 s on the common ones) before the server closes it: with Node's 5 s the server could close
    // one just as a client sent on it, which the client sees as "socket hang up" (an e2e test's
    // PATCH did, under load). Headers must still come within the header timeout, above it.
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
    }
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    stops.push(
      () =>
        new Promise((resolve) => {
          server.close(resolve);
          // Idle keep-alive connections close at once; a request still in flight gets a moment to finish.
          if ('closeIdleConnections' in server) server.closeIdleConnections();
          setTimeout(() => {
            if ('closeAllConnections' in server) server.closeAllConnections();
          }, requestGraceMs).unref();
        }),
    );

    phase('portal');
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\nAstera Portal is ready in ${seconds} s: ${config.publicUrl}`);
    console.log(`  (${phases.join(', ')})`);
    console.log(seeded ? '  Demo data seeded.' : '  Demo data already present (kept).');
    if (config.auth.embedded) {
      console.log(`  Identity provider: ${config.auth.domain}`);
      console.log('  Demo sign-ins:');
      for (const user of demoUsers) console.log(`    ${user.email.padEnd(22)} ${user.password.padEnd(16)} ${user.role}`);
    }
    console.log('  Press Ctrl+C to stop.\n');
  } catch (error) {
    console.error(error instanceof Error ? `Start failed: ${error.message}` : error);
    await shutdown(1);
  }
}

void main();
