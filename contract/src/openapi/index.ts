// The API document: OpenAPI 3.1, generated from the contract. The server serves it (GET /api/openapi.json,
// server/src/http/api-docs.ts); `npm run openapi` writes it to docs/openapi.json, and
// test/openapi.test.ts fails while that file differs from what the contract generates now.
import * as contract from '../index.ts';
import contractPackage from '../../package.json' with { type: 'json' };
import { buildDocument } from './document.ts';
import { endpointsOf, namedSchemasOf } from './endpoints.ts';

export { endpointsOf, type NamedEndpoint } from './endpoints.ts';
export { isSecured } from './document.ts';

export type OpenApiDocument = ReturnType<typeof buildDocument>;

/** Every endpoint of the contract (src/index.ts's exports), as the document lists them. */
export const contractEndpoints = () => endpointsOf(contract);

export function openApiDocument(): OpenApiDocument {
  return buildDocument({
    endpoints: contractEndpoints(),
    namedSchemas: namedSchemasOf(contract),
    version: contractPackage.version,
  });
}
