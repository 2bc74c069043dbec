import type { HttpMethod, Resource, ResourceGrants } from '../../domain/permissions.ts';
import type { CcpConfig } from '../../domain/roles.ts';
import { ownNotificationGrants } from '../../domain/notifications.ts';
import type { Tx } from '../db/client.ts';
import { roles } from '../db/schema/index.ts';

const read: HttpMethod[] = ['GET'];
const all: HttpMethod[] = ['GET', 'POST', 'PATCH', 'DELETE'];

/** The entries given, and the caller's own notifications (every role holds those). */
const grants = (entries: [Resource, HttpMethod[]][]): ResourceGrants => ({
  ...Object.fromEntries(entries.map(([resource, methods]) => [resource, Object.fromEntries(methods.map((m) => [m, true]))])),
  ...ownNotificationGrants,
});

/** The demo roles beyond the three every account starts with (issue 10: "Scheduler", "Call-center agent"). */
export const demoRoles: { name: string; resources: ResourceGrants; ccpConfig: CcpConfig | null }[] = [
  {
    name: 'Scheduler',
    resources: grants([
      ['/permissions/accesspolicy', read],
      ['/schedule/schedule', all],
      ['/schedule/schedule/{id}', all],
      ['/person/practitioners', read],
      ['/person/practitioners/{id}', read],
      ['/locations/locations', read],
      ['/locations/locations/{id}', read],
      // Who can be scheduled comes from the practice teams (isSchedulable).
      ['/teams/teams', read],
      ['/teams/teams/{id}', read],
    ]),
    ccpConfig: null,
  },
  {
    name: 'Call-center agent',
    resources: grants([
      ['/permissions/accesspolicy', read],
      ['/person/persons', read],
      ['/person/persons/{id}', read],
      ['/contactpoints/contact-points', read],
      ['/contactpoints/contact-points/{id}', read],
      ['/contactpoints/vip/{value}', read],
      ['/interactions/interactions', ['GET', 'POST', 'PATCH']],
      ['/callcenter/queues', read],
      ['/callcenter/queues/{queueId}', read],
      ['/callcenter/ccp', ['GET', 'POST']],
      // The interactions list filters by the practice's teams.
      ['/teams/teams', read],
      ['/teams/teams/{id}', read],
    ]),
    ccpConfig: {
      awsConnect: {
        region: 'us-east-1',
        defaultProvisionProfile: { acwTimeout: 30, autoAnswer: false },
      },
      allowPauseResumeRecording: true,
    },
  },
];

/** Inserts the demo roles of one account, with ids from `id(name)`. */
export async function insertDemoRoles(tx: Tx, accountId: string, id: (name: string) => string, actor: string) {
  await tx
    .insert(roles)
    .values(demoRoles.map((role) => ({ id: id(role.name), accountId, createdBy: actor, modifiedBy: actor, name: role.name, resources: role.resources, ccpConfig: role.ccpConfig })))
    .onConflictDoNothing();
}
