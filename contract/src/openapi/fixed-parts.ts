// The parts of the API document that no endpoint changes: what it says of the API as a whole, the
// credentials, the failure every call may answer.
import { ERROR_CODES } from '../errors.ts';
import type { JsonSchema } from './schemas.ts';

type Json = { [key: string]: unknown };

export const DESCRIPTION = `The member wallet's HTTP API, generated from the contract's zod schemas (\`contract/src\`) by \`npm run openapi\`. \`docs/api.md\` says what each call does beyond its shapes.

- **Errors.** Every failure is \`{ "message": CODE }\` with a fitting HTTP status, CODE one of the catalogue (\`contract/src/errors.ts\`, the \`Error\` schema). A body, parameter or header that does not match the contract is 400 \`INVALID_REQUEST\`; more than \`RATE_LIMIT_PER_MIN\` calls a minute from one address, 429 \`TOO_MANY_REQUESTS\` with \`Retry-After\`; once the operator has ended the service, every call 410 \`gone\`.
- **Members** (\`memberSession\`). \`POST /api/login\` answers a session token, sent as \`Authorization: Bearer <token>\`; an unknown, expired or revoked one is 401 \`invalid-token\`.
- **Operators** (tag \`operator\`, \`operatorToken\`). \`/api/ops/*\` take the operator's own bearer token, \`OPS_TOKEN\` or one of \`OPS_TOKENS\`; without one they do not exist. Every change is recorded under the operator's name.
- **Staff** (tag \`console\`, \`staffSession\`). \`/api/console/*\` take a staff session from \`POST /api/console/session\` (password and TOTP code), never a member's; each role may do what the server's permission table allows (docs/api.md "Operator console").
- **Webhooks** (tag \`webhooks\`, \`webhookSignature\`). The bank feed and the QR gateways sign the raw body: \`X-Signature: sha256=<hex HMAC-SHA256>\`.
- **Money.** Amounts are numbers in the wallet's currency with at most two decimals. A call that moves money carries an \`Idempotency-Key\`: a replay answers the first answer and moves nothing.
- **Text.** No string takes NUL, another C0 control character than tab, newline and carriage return, or a lone surrogate (\`text()\` in \`contract/src/common.ts\`; JSON Schema cannot say it).
- The web app sends \`X-Requested-With: wallet-user\` on every call; the server does not require it.`;

const errorResponse = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export const COMPONENTS = {
  securitySchemes: {
    memberSession: {
      type: 'http',
      scheme: 'bearer',
      description: 'The session token `POST /api/login` answers.',
    },
    staffSession: {
      type: 'http',
      scheme: 'bearer',
      description:
        'A staff session: the token `POST /api/console/session` answers (30 min idle, 12 h at most).',
    },
    operatorToken: {
      type: 'http',
      scheme: 'bearer',
      description: 'The operator token: `OPS_TOKEN`, or one of the named `OPS_TOKENS` (README, settings).',
    },
    chatGuest: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Chat-Guest',
      description:
        "A chat visitor's guest token from `POST /api/chat/guest` (a member sends the session instead).",
    },
    webhookSignature: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Signature',
      description:
        '`sha256=<hex HMAC-SHA256 of the raw body>` under `BANK_FEED_SECRET` (bank feed) or `QR_GATEWAY_SECRET` (QR gateways).',
    },
  },
  responses: {
    BadRequest: errorResponse(
      '`INVALID_REQUEST` (a body, parameter or header the contract refuses), or a refusal of the call itself (docs/api.md).',
    ),
    Unauthorized: errorResponse(
      'No valid credentials: `invalid-token` (member session), `UNAUTHORIZED` (operator token), `INVALID_SIGNATURE` (webhook), `CHAT_GUEST_INVALID` (chat visitor).',
    ),
    TooManyRequests: errorResponse(
      '`TOO_MANY_REQUESTS` (the per-address limit), or a limit of the call itself (`REQUEST_LIMIT`, `REQUEST_LIMIT_1MIN`).',
      {
        'Retry-After': {
          description: 'Seconds until a call may be made again.',
          schema: { type: 'integer' },
        },
      },
    ),
    Failure: errorResponse(
      'Any other failure: a 4xx or 5xx status with one code of the catalogue (410 `gone` once the service has ended; 500 `INTERNAL_SERVER_ERROR`).',
    ),
  },
};

export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every failed answer (contract/src/errors.ts ErrorBody).',
  properties: { message: { type: 'string', enum: [...ERROR_CODES] } },
  required: ['message'],
  additionalProperties: false,
};

/** Tags of their own, listed after the members' ones. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  webhooks: 'Called by the bank feed and the payment gateways, not by members: signed with `X-Signature`.',
  console:
    'The operator console (`/api/console/*`): staff sessions with TOTP, roles, four-eyes approvals, the audit.',
  operator:
    "The operator's API (`/api/ops/*`): its own bearer token, every change audited. `npm run ops` calls it.",
};
