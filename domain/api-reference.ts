/**
 * The API's reference page (issue 44), served by the portal beside the API (server/openapi/reference-page.ts)
 * and linked from the API keys screen and the palette; and the OpenAPI document it reads.
 */
export const apiReferencePath = '/api/docs';
export const openApiDocumentPath = '/api/openapi.json';
