import { describeAreas, type Area } from './area.ts';
import { openApiArea } from './openapi/area.ts';
import { accountsArea } from './routes/accounts/area.ts';
import { apiKeysArea } from './routes/apikeys/area.ts';
import { auditArea } from './routes/audit/area.ts';
import { authArea } from './routes/auth/area.ts';
import { callMaskingArea } from './routes/call-masking/area.ts';
import { campaignsArea } from './routes/campaigns/area.ts';
import { chatArea } from './routes/chat/area.ts';
import { contactPointsArea } from './routes/contact-points/area.ts';
import { deletedArea } from './routes/deleted/area.ts';
import { healthArea } from './routes/health/area.ts';
import { insurancesArea } from './routes/insurances/area.ts';
import { interactionsArea } from './routes/interactions/area.ts';
import { issuesArea } from './routes/issues/area.ts';
import { locationsArea } from './routes/locations/area.ts';
import { meArea } from './routes/me/area.ts';
import { metricsArea } from './routes/metrics/area.ts';
import { notificationsArea } from './routes/notifications/area.ts';
import { personsArea } from './routes/persons/area.ts';
import { practiceTeamsArea } from './routes/practice-teams/area.ts';
import { practitionersArea } from './routes/practitioners/area.ts';
import { queuesArea } from './routes/queues/area.ts';
import { rolesArea } from './routes/roles/area.ts';
import { schedulesArea } from './routes/schedules/area.ts';
import { searchArea } from './routes/search/area.ts';
import { tagsArea } from './routes/tags/area.ts';
import { teamsMicrosoftArea } from './routes/teams-microsoft/area.ts';
import { telephonyArea } from './routes/telephony/area.ts';
import { usersArea } from './routes/users/area.ts';
import { webhooksArea } from './routes/webhooks/area.ts';
import { workflowsArea } from './routes/workflows/area.ts';

/**
 * Every API area, one descriptor each (`server/routes/<area>/area.ts`), in mount order: the app
 * mounts the public sub-apps first, then the signed-in ones, each in this order (a longer path
 * before the shorter one that would own it: /permissions/apikeys before /permissions). A new area
 * adds its line here; server/areas.test.ts fails for a route folder that has no line.
 */
export const areas: readonly Area[] = [
  healthArea,
  openApiArea,
  accountsArea,
  authArea,
  apiKeysArea,
  rolesArea,
  auditArea,
  personsArea,
  usersArea,
  practitionersArea,
  contactPointsArea,
  deletedArea,
  interactionsArea,
  issuesArea,
  insurancesArea,
  schedulesArea,
  tagsArea,
  teamsMicrosoftArea,
  practiceTeamsArea,
  locationsArea,
  meArea,
  notificationsArea,
  searchArea,
  queuesArea,
  metricsArea,
  campaignsArea,
  callMaskingArea,
  telephonyArea,
  workflowsArea,
  webhooksArea,
  chatArea,
];

describeAreas(areas);
