import { personDocs } from '../routes/person/openapi.ts';
import type { AreaDocs } from './registry.ts';

/**
 * Each area's documentation of its operations (server/routes/<area>/openapi.ts), one list: an
 * area whose answers are described adds its file here.
 */
export const documentedAreas = (): AreaDocs => Object.assign({}, personDocs);
