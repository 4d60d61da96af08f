import { pathParamsSchema, type Endpoint } from '../common.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../money.ts';
import type { NamedEndpoint } from './endpoints.ts';
import { COMPONENTS, DESCRIPTION, ERROR_SCHEMA, TAG_DESCRIPTIONS } from './fixed-parts.ts';
import { SchemaConverter } from './schemas.ts';
import type { z } from 'zod';

type SecurityRequirement = Record<string, string[]>;

export interface DocumentInput {
  endpoints: NamedEndpoint[];
  namedSchemas: Map<z.ZodType, string>;
  version: string;
}

/** The operator's API and the webhooks, told apart from the members' calls by their place. */
const OPERATOR_PREFIX = '/api/ops/';
const WEBHOOK_PREFIX = '/api/hooks/';
const CONSOLE_PREFIX = '/api/console/';

/** The OpenAPI 3.1 document of the given endpoints. */
export function buildDocument({ endpoints, namedSchemas, version }: DocumentInput) {
  const converter = new SchemaConverter(namedSchemas);
  const paths: Record<string, Record<string, unknown>> = {};
  const pathKey = pathKeysOf(endpoints.map((e) => e.endpoint.path));
  const tags: string[] = [];
  for (const { name, endpoint } of endpoints) {
    const key = pathKey(endpoint.path);
    const operation = operationOf(name, endpoint, key, converter);
    const method = endpoint.method.toLowerCase();
    const item = (paths[key] ??= {});
    if (item[method]) throw new Error(`two endpoints are ${endpoint.method} ${endpoint.path}`);
    item[method] = operation;
    if (!tags.includes(operation.tags[0]!)) tags.push(operation.tags[0]!);
  }
  const { document, schemas } = converter.components({ paths });
  return {
    openapi: '3.1.1',
    info: { title: 'Krapao API', version, description: DESCRIPTION },
    // The members' calls first, then the webhooks and the operator's API.
    tags: [...tags.filter((t) => !TAG_DESCRIPTIONS[t]), ...Object.keys(TAG_DESCRIPTIONS)]
      .filter((tag) => tags.includes(tag))
      .map((tag) => ({
        name: tag,
        ...(TAG_DESCRIPTIONS[tag] ? { description: TAG_DESCRIPTIONS[tag] } : {}),
      })),
    paths: document.paths,
    components: { schemas: { ...schemas, Error: ERROR_SCHEMA }, ...COMPONENTS },
  };
}

/**
 * Two paths that differ only in their parameters' names are one path to OpenAPI (the QR's
 * /api/qrcode/{provider} and /api/qrcode/{qrcodeId}): the spelling most endpoints use names the path,
 * and the others' parameters say what they are.
 */
function pathKeysOf(all: string[]) {
  const shapeOf = (path: string) => path.replace(/\{\w+\}/g, '{}');
  const count = new Map<string, number>();
  for (const path of all) count.set(path, (count.get(path) ?? 0) + 1);
  const keys = new Map<string, string>();
  for (const path of all) {
    const known = keys.get(shapeOf(path));
    if (!known || count.get(path)! > count.get(known)!) keys.set(shapeOf(path), path);
  }
  return (path: string) => keys.get(shapeOf(path))!;
}

function operationOf(name: string, e: Endpoint, pathKey: string, converter: SchemaConverter) {
  const tag = e.path.startsWith(OPERATOR_PREFIX)
    ? 'operator'
    : e.path.startsWith(WEBHOOK_PREFIX)
      ? 'webhooks'
      : name.includes('.')
        ? name.slice(0, name.indexOf('.'))
        : name.match(/^[a-z]+/)![0];
  const security = securityOf(e);
  return {
    tags: [tag],
    operationId: name,
    summary: sentence(name.slice(name.lastIndexOf('.') + 1)),
    security,
    parameters: [...pathParameters(e, pathKey, converter), ...headerParameters(e)],
    ...requestBodyOf(e, converter),
    responses: {
      '200': {
        description: 'Done.',
        content: { 'application/json': { schema: converter.convert(e.response, 'output') } },
      },
      '400': { $ref: '#/components/responses/BadRequest' },
      ...(isSecured(security) ? { '401': { $ref: '#/components/responses/Unauthorized' } } : {}),
      '429': { $ref: '#/components/responses/TooManyRequests' },
      default: { $ref: '#/components/responses/Failure' },
    },
  };
}

/** Who may call: an empty requirement is "anyone"; several are alternatives. */
function securityOf(e: Endpoint): SecurityRequirement[] {
  if (e.path.startsWith(OPERATOR_PREFIX)) return [{ operatorToken: [] }];
  // Signing in is the one console call without a session.
  if (e.path.startsWith(CONSOLE_PREFIX))
    return e.path === CONSOLE_PREFIX + 'session' && e.method === 'POST' ? [] : [{ staffSession: [] }];
  if (e.path.startsWith(WEBHOOK_PREFIX)) return [{ webhookSignature: [] }];
  if (e.auth) return [{ memberSession: [] }];
  if (e.headers?.['X-Chat-Guest']) return [{ memberSession: [] }, { chatGuest: [] }];
  if (e.headers?.Authorization) return [{}, { memberSession: [] }];
  return [];
}

/** Whether every way to call needs credentials (no empty requirement among the alternatives). */
export const isSecured = (security: SecurityRequirement[]) =>
  security.length > 0 && security.every((s) => Object.keys(s).length > 0);

function pathParameters(e: Endpoint, pathKey: string, converter: SchemaConverter) {
  const params = pathParamsSchema(e.path);
  if (!params) return [];
  const own = Object.keys(params.shape);
  const keyNames = [...pathKey.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return own.map((param, i) => ({
    name: keyNames[i]!,
    in: 'path',
    required: true,
    ...(keyNames[i] !== param ? { description: `The ${param} (this call's path is ${e.path}).` } : {}),
    schema: converter.convert(params.shape[param]!, 'input'),
  }));
}

function headerParameters(e: Endpoint) {
  const need = e.headers?.[IDEMPOTENCY_HEADER];
  if (!need) return [];
  return [
    {
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: need === 'required',
      description:
        "The client's key of this request: a replay with the same key and body answers the first answer and does it once; the same key with another body is `IDEMPOTENCY_KEY_REUSED`. Missing: `KEY_MISSING`; malformed: `KEY_INVALID`.",
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    },
  ];
}

function requestBodyOf(e: Endpoint, converter: SchemaConverter) {
  if (e.upload) {
    const { field, types, maxBytes } = e.upload;
    return {
      requestBody: {
        required: true,
        description: `One file part, "${field}": ${types.join(', ')}, at most ${maxBytes / 1024 / 1024} MB.`,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { [field]: { type: 'string', format: 'binary' } },
              required: [field],
            },
            encoding: { [field]: { contentType: types.join(', ') } },
          },
        },
      },
    };
  }
  if (!e.body) return {};
  return {
    requestBody: {
      // Fastify hands a request without a body to the schema as null: only a nullish body may be left out.
      required: !e.body.safeParse(null).success,
      content: { 'application/json': { schema: converter.convert(e.body, 'input') } },
    },
  };
}

/** `opsSetCoinRule` as "Ops set coin rule". */
const sentence = (camel: string) => {
  const words = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
};
