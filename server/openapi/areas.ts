import { contactPointDocs } from '../routes/contact-points/openapi.ts';
import { interactionDocs } from '../routes/interactions/openapi.ts';
import { personDocs } from '../routes/person/openapi.ts';
import { surveyDocs } from '../routes/surveys/openapi.ts';
import { workflowDocs } from '../routes/workflows/openapi.ts';
import type { AreaDocs } from './registry.ts';

/**
 * Each area's documentation of its operations (server/routes/<area>/openapi.ts), one list: an
 * area whose answers are described adds its file here.
 */
export const documentedAreas = (): AreaDocs => Object.assign({}, personDocs, contactPointDocs, interactionDocs, surveyDocs, workflowDocs);
