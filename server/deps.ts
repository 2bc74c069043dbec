import type { JWTVerifyGetKey } from 'jose';
import type { Db } from './db/client.ts';
import type { Deps } from './env.ts';
import { createContactCenter } from './integrations/contact-center/index.ts';
import type { ContactCenterSettings } from './integrations/contact-center/settings.ts';
import { createRecordingStore } from './integrations/recordings/index.ts';
import type { RecordingsSettings } from './integrations/recordings/settings.ts';
import { createTeamDirectory } from './integrations/team-directory/index.ts';
import { createTelephony } from './integrations/telephony/index.ts';
import type { TelephonySettings } from './integrations/telephony/settings.ts';
import type { TeamDirectorySettings } from './integrations/team-directory/settings.ts';

/** Which adapter each integration uses (config.ts reads them from the environment), and the data folder recordings default to. */
export type Integrations = {
  teamDirectory: TeamDirectorySettings;
  contactCenter: ContactCenterSettings;
  recordings: RecordingsSettings;
  dataDir: string;
  /** The carrier, and the portal's origin its callbacks come to (absent: no telephony, as in the benches). */
  telephony?: { settings: TelephonySettings; publicUrl: string };
};

/** The embedded simulators, recordings kept as files in `directory`: tests and benches, which never reach a vendor. */
export const simulated = (directory: string): Integrations => ({
  teamDirectory: { kind: 'simulator' },
  contactCenter: { kind: 'simulator' },
  recordings: { kind: 'files', directory },
  dataDir: directory,
});

export type DepsSettings = {
  db: Db;
  keys: JWTVerifyGetKey;
  issuer: string;
  audience: string;
  reportingUrl: string;
  integrations: Integrations;
} & Pick<Deps, 'callers' | 'publicUrl' | 'trustProxyHops' | 'publicPageLimits' | 'notifications' | 'accessLog' | 'workflowSecondsPerDay' | 'workflowRunner' | 'webhooks'>;

/**
 * The dependencies object of the API and of the jobs (ARCHITECTURE "Jobs"), built here alone:
 * the server (server/main.ts), the tests' harness and the benches all call this, so a new
 * integration or setting is added once. The process's listeners (callers' cache, notifications,
 * access log) are started and stopped by their owner and passed in.
 */
export function createDeps({ integrations, ...settings }: DepsSettings): Deps {
  return {
    ...settings,
    teamDirectory: createTeamDirectory(integrations.teamDirectory, settings.db),
    contactCenter: createContactCenter(integrations.contactCenter, settings.db),
    recordings: createRecordingStore(integrations.recordings, integrations.dataDir),
    ...(integrations.telephony && { telephony: createTelephony(integrations.telephony.settings, settings.db, integrations.telephony.publicUrl) }),
  };
}
