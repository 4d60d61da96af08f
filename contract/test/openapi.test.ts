// The API document (src/openapi): it validates as OpenAPI 3.1, lists every endpoint any module of the
// contract exports with what the contract says of it, and docs/openapi.json is what it generates now.
import { readdirSync, readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, pathParamsSchema, type Endpoint } from '../src/index.ts';
import { contractEndpoints, endpointsOf, isSecured, openApiDocument } from '../src/openapi/index.ts';

interface Operation {
  operationId: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

const document = openApiDocument();
const shapeOf = (path: string) => path.replace(/\{\w+\}/g, '{}');
const operationsByShape = new Map<string, Operation>();
for (const [path, item] of Object.entries(document.paths))
  for (const [method, operation] of Object.entries(item as Record<string, Operation>))
    operationsByShape.set(`${method.toUpperCase()} ${shapeOf(path)}`, operation);
const operationOf = (e: Endpoint) => operationsByShape.get(`${e.method} ${shapeOf(e.path)}`);
const schemas = document.components.schemas as Record<string, Record<string, unknown>>;

describe('[api-doc] the OpenAPI document', () => {
  it('[api-doc] docs/openapi.json is the document the contract generates now', () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(
      committed,
      'docs/openapi.json differs from what the contract generates: run `npm run openapi` and commit docs/openapi.json',
    ).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('[api-doc] validates as OpenAPI 3.1, every reference resolving', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('[api-doc] every endpoint object any module of contract/src exports is an operation, under its method and path', () => {
    const dir = new URL('../src/', import.meta.url);
    const listed = new Set(contractEndpoints().map((e) => e.endpoint));
    let found = 0;
    return Promise.all(
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .map(async (file) => {
          for (const { name, endpoint } of endpointsOf(await import(new URL(file, dir).href))) {
            found++;
            // A module src/index.ts does not export would be missing from the document and from the web.
            expect(listed.has(endpoint), `${file} ${name} is not exported from src/index.ts`).toBe(true);
            expect(operationOf(endpoint), `${endpoint.method} ${endpoint.path}`).toBeDefined();
          }
        }),
    ).then(() => {
      expect(found).toBeGreaterThan(100);
      expect(operationsByShape.size).toBe(listed.size);
    });
  });

  it('[api-doc] each operation has the path parameters, request body and answer of its endpoint', () => {
    for (const { name, endpoint: e } of contractEndpoints()) {
      const op = operationOf(e)!;
      expect(op.operationId).toBe(name);
      const params = Object.keys(pathParamsSchema(e.path)?.shape ?? {});
      expect(op.parameters.filter((p) => p.in === 'path').length, name).toBe(params.length);
      expect(Boolean(op.requestBody), name).toBe(Boolean(e.body || e.upload));
      if (e.upload) expect(Object.keys(op.requestBody!.content)).toEqual(['multipart/form-data']);
      else if (e.body) expect(op.requestBody!.required, name).toBe(!e.body.safeParse(null).success);
      expect(op.responses['200']!.content!['application/json']!.schema, name).toBeDefined();
    }
  });

  it('[api-doc] a failure is { message } with a code of the catalogue, on every operation', () => {
    expect(schemas.Error).toMatchObject({
      required: ['message'],
      properties: { message: { enum: [...ERROR_CODES] } },
    });
    for (const op of operationsByShape.values())
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '429', 'default']));
  });

  it('[api-doc] member calls need the session, /api/ops/* the operator token, /api/hooks/* a signature', () => {
    for (const { name, endpoint: e } of contractEndpoints()) {
      const op = operationOf(e)!;
      const expected = e.path.startsWith('/api/ops/')
        ? [{ operatorToken: [] }]
        : e.path.startsWith('/api/console/')
          ? e.path === '/api/console/session' && e.method === 'POST'
            ? []
            : [{ staffSession: [] }]
          : e.path.startsWith('/api/hooks/')
            ? [{ webhookSignature: [] }]
            : e.auth
              ? [{ memberSession: [] }]
              : e.headers?.['X-Chat-Guest']
                ? [{ memberSession: [] }, { chatGuest: [] }]
                : e.headers?.Authorization
                  ? [{}, { memberSession: [] }]
                  : [];
      expect(op.security, name).toEqual(expected);
      expect(op.tags[0] === 'operator', name).toBe(e.path.startsWith('/api/ops/'));
      expect('401' in op.responses, name).toBe(isSecured(op.security));
    }
    expect(document.tags.map((t) => t.name).slice(-3)).toEqual(['webhooks', 'console', 'operator']);
  });

  it('[api-doc] Idempotency-Key is a header of exactly the calls whose endpoint declares it', () => {
    const withKey = contractEndpoints().filter((e) => e.endpoint.headers?.['Idempotency-Key']);
    expect(withKey.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'withdrawals.withdraw',
        'wallet.transfer',
        'deposits.createQrcode',
        'spin.spin',
      ]),
    );
    for (const { name, endpoint: e } of contractEndpoints()) {
      const header = operationOf(e)!.parameters.find(
        (p) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
      expect(header?.required, name).toBe(
        e.headers?.['Idempotency-Key'] ? e.headers['Idempotency-Key'] === 'required' : undefined,
      );
    }
  });

  it('[api-doc] a request is described as zod reads it and an answer as zod writes it', () => {
    // registrationSchema: sourceCode has a default, so a request may leave it out.
    expect(schemas.Registration!.required).not.toContain('sourceCode');
    // walletSchema: pendingTransfers has a default, so every answer carries it; no other keys.
    expect(schemas.Wallet).toMatchObject({ additionalProperties: false });
    expect(schemas.Wallet!.required).toContain('pendingTransfers');
    // A schema both sides use, with a default inside, is two components.
    expect(schemas.OpsSlice!.required).toContain('htmlDescription');
    expect(schemas.OpsSliceInput!.required).not.toContain('htmlDescription');
  });

  it('[api-doc] no two paths differ only in their parameters’ names (one path to OpenAPI)', () => {
    const shapes = Object.keys(document.paths).map(shapeOf);
    expect(new Set(shapes).size).toBe(shapes.length);
  });
});
