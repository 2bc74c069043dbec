import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { PracticeTeamAffiliation, PracticeTeamType } from '../../domain/practice-teams.ts';
import type { Tx } from '../db/client.ts';
import { auditLog, persons, practiceTeamMembers, practiceTeams, practitioners, tags } from '../db/schema/index.ts';
import type { DemoAccountKey, DemoSeed } from '../area.ts';

type DemoTeam = {
  name: string;
  type: PracticeTeamType;
  affiliation: PracticeTeamAffiliation;
  description: string;
  isSchedulable?: boolean;
  isViewable?: boolean;
  /** Who is on it: practitioners or other staff (users) of the account, how many. */
  members: { practitioners?: number; staff?: number };
  tags: [string, string][];
};

/** The teams of a family practice (issue 26): who answers which calls, who is scheduled. */
export const demoPracticeTeams: DemoTeam[] = [
  { name: 'Front Desk', type: 'Front desk', affiliation: 'Practice', description: 'Check-in, check-out and the main phone line.', members: { staff: 4 }, tags: [['shift', 'Days']] },
  { name: 'Triage Nurses', type: 'Nursing', affiliation: 'Practice', description: 'Clinical calls: symptoms, medication questions, test results.', isSchedulable: true, members: { practitioners: 3 }, tags: [['on-call', 'Rotation A']] },
  { name: 'Care Team Blue', type: 'Care team', affiliation: 'Practice', description: 'Physicians and nurses who share a panel of patients.', isSchedulable: true, members: { practitioners: 4, staff: 1 }, tags: [['panel', 'Adults']] },
  { name: 'Billing Office', type: 'Billing', affiliation: 'Practice', description: 'Statements, payment plans and insurance updates.', members: { staff: 2 }, tags: [['language', 'Spanish']] },
  { name: 'After-hours Answering', type: 'Call center', affiliation: 'Contractor', description: 'The answering service that takes calls when the practice is closed.', isViewable: false, members: { staff: 2 }, tags: [['shift', 'Nights']] },
];

/**
 * Teams with members and tags in each demo account, with ids from `id`: members are the account's
 * staff (issue 40: a team's members are its users and practitioners, never a patient), its
 * practitioners and then its other users in name order (users answer the practice's phones: the
 * calls they take belong to their teams, docs/interactions.md).
 */
export async function insertDemoPracticeTeams(tx: Tx, accountId: string, key: string, id: (name: string) => string, actor: string) {
  const stamp = { accountId, createdBy: actor, modifiedBy: actor };
  const practitionerIds = (await tx.select({ id: practitioners.personId }).from(practitioners).where(eq(practitioners.accountId, accountId)).orderBy(asc(practitioners.name), asc(practitioners.personId)).limit(40)).map((r) => r.id);
  const staffIds = (
    await tx
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.accountId, accountId), eq(persons.userRecord, true), practitionerIds.length > 0 ? notInArray(persons.id, practitionerIds) : undefined))
      .orderBy(asc(persons.displayName), asc(persons.id))
      .limit(40)
  ).map((r) => r.id);
  let nextPractitioner = 0;
  let nextStaff = 0;
  for (const [i, team] of demoPracticeTeams.entries()) {
    const teamId = id(`practice-team:${key}:${i}`);
    await tx.insert(practiceTeams).values({
      id: teamId,
      ...stamp,
      name: team.name,
      type: team.type,
      affiliation: team.affiliation,
      description: team.description,
      isViewable: team.isViewable ?? true,
      isSchedulable: team.isSchedulable ?? false,
    });
    const members = [
      ...practitionerIds.slice(nextPractitioner, (nextPractitioner += team.members.practitioners ?? 0)),
      ...staffIds.slice(nextStaff, (nextStaff += team.members.staff ?? 0)),
    ];
    if (members.length > 0) await tx.insert(practiceTeamMembers).values(members.map((personId) => ({ accountId, teamId, personId, createdBy: actor })));
    if (team.tags.length > 0) await tx.insert(tags).values(team.tags.map(([tagKey, value]) => ({ ...stamp, key: tagKey, value, taggedResourceType: 'Team' as const, taggedResourceId: teamId })));
  }
  await tx.insert(auditLog).values({ accountId, actorId: actor, actorName: actor, action: 'create', resourceType: 'Team', resourceId: null, after: { demoTeams: demoPracticeTeams.length } });
}

/** The seed step: practice teams with members and tags per demo account (after the people). */
export async function seedDemoPracticeTeams({ tx, accounts, id, actor }: DemoSeed) {
  for (const key of Object.keys(accounts) as DemoAccountKey[]) await insertDemoPracticeTeams(tx, accounts[key].id, key, id, actor);
}
