import * as v from 'valibot';
import { accountDocs } from '../routes/accounts/openapi.ts';
import { authDocs } from '../routes/auth/openapi.ts';
import { deletedDocs } from '../routes/deleted/openapi.ts';
import { meDocs } from '../routes/me/openapi.ts';
import { auditDocs } from '../routes/audit/openapi.ts';
import { callMaskingDocs } from '../routes/call-masking/openapi.ts';
import { queueDocs } from '../routes/queues/openapi.ts';
import { chatDocs } from '../routes/chat/openapi.ts';
import { metricsDocs } from '../routes/metrics/openapi.ts';
import { permissionDocs } from '../routes/permissions/openapi.ts';
import { scheduleDocs } from '../routes/schedules/openapi.ts';
import { searchDocs } from '../routes/search/openapi.ts';
import { teamsbotDocs } from '../routes/teamsbot/openapi.ts';
import { telephonyDocs } from '../routes/telephony/openapi.ts';
import { webhookDocs } from '../routes/webhooks/openapi.ts';
import { apiKeyDocs } from '../routes/apikeys/openapi.ts';
import { healthDocs } from '../routes/health/openapi.ts';
import { contactPointDocs } from '../routes/contact-points/openapi.ts';
import { locationDocs } from '../routes/locations/openapi.ts';
import { tagDocs } from '../routes/tags/openapi.ts';
import { issueDocs } from '../routes/issues/openapi.ts';
import { interactionDocs } from '../routes/interactions/openapi.ts';
import { personDocs } from '../routes/person/openapi.ts';
import { surveyDocs } from '../routes/surveys/openapi.ts';
import { workflowDocs } from '../routes/workflows/openapi.ts';
import { insuranceDocs } from '../routes/insurances/openapi.ts';
import { practiceTeamDocs } from '../routes/practice-teams/openapi.ts';
import { notificationDocs } from '../routes/notifications/openapi.ts';
import { areaDocs, type AreaDocs } from './registry.ts';

/** The document itself. */
const openApiDocs = areaDocs({
  'GET /openapi.json': { summary: 'This OpenAPI document', answer: v.pipe(v.record(v.string(), v.unknown()), v.description('An OpenAPI 3.1 document.')), answerExample: { openapi: '3.1.0' } },
});

/** The notification stream: server-sent events, not JSON. */
const streamDocs = areaDocs({
  'GET /notifications/stream': {
    summary: "The signed-in user's notifications, pushed as they come",
    description: 'Server-sent events (`text/event-stream`): `notifications` with the unread count, `interaction` when a call arrives.',
    media: 'text/event-stream',
  },
});

/**
 * Each area's documentation of its operations (server/routes/<area>/openapi.ts), one list: an
 * area whose answers are described adds its file here.
 */
export const documentedAreas = (): AreaDocs => Object.assign({}, healthDocs, openApiDocs, personDocs, contactPointDocs, interactionDocs, surveyDocs, workflowDocs, apiKeyDocs, issueDocs, locationDocs, tagDocs, accountDocs, authDocs, deletedDocs, meDocs, auditDocs, callMaskingDocs, queueDocs, chatDocs, metricsDocs, permissionDocs, scheduleDocs, searchDocs, teamsbotDocs, telephonyDocs, webhookDocs, insuranceDocs, practiceTeamDocs, notificationDocs, streamDocs);
