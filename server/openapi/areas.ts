import * as v from 'valibot';
import { fromAreas } from '../area.ts';
import { areaDocs, type AreaDocs } from './registry.ts';

/** The document itself. */
export const openApiDocs = areaDocs({
  'GET /openapi.json': { summary: 'This OpenAPI document', answer: v.pipe(v.record(v.string(), v.unknown()), v.description('An OpenAPI 3.1 document.')), answerExample: { openapi: '3.1.0' } },
});

/** Every area's documentation of its operations (each descriptor's `docs`: server/routes/<area>/openapi.ts), one list. */
export const documentedAreas: () => AreaDocs = fromAreas((areas) => Object.assign({}, ...areas.map((area) => area.docs ?? {})));
