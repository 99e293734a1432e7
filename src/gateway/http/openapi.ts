import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CallDef } from '../../shared/api/contract.ts';
import { badRequestDataSchema, envelopeSchema, errorEnvelopeSchema } from '../../shared/api/envelope.ts';

/**
 * How the contract becomes the OpenAPI document a district integrates against: every call with its
 * envelope and the error replies it can give (the status rule of shared/api/envelope.ts), and no
 * keyword OpenAPI 3.0 does not know (the kit's form hints in .meta() become x- extensions).
 */

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: data.Issues names each field and what is wrong with it.',
  401: 'Not signed in, or the token expired (code 401 or 99998: refresh once and replay); 99997: signed out elsewhere.',
  403: 'No operation permission, or a school the token does not belong to.',
  404: 'What the request names does not exist (in the caller\'s school).',
  409: 'The library\'s rules or the current state refuse the request (duplicate, in use, limit reached, card lost).',
  413: 'The body is too large.',
  429: 'Too many requests; try again later.',
  500: 'Server fault.',
  503: 'Busy (a concurrent change); retry.',
};

/** The error replies a call can give, by the status rule. */
export function errorStatusesOf(call: CallDef): number[] {
  const out = [400, 403, 404, 409, 429, 500, 503];
  if (call.auth !== 'none') out.push(401);
  if (call.method === 'POST') out.push(413);
  return out.sort((a, b) => a - b);
}

/** The route's `response` schemas: the success envelope and each error envelope. */
export function responseSchemasOf(call: CallDef): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  // Raw calls (the OAuth token endpoint, a file download) answer their data unwrapped.
  out[200] = call.raw ? call.data.describe('Not wrapped in the envelope.') : envelopeSchema(call.data);
  for (const status of errorStatusesOf(call)) out[status] = errorSchemaOf(status);
  return out;
}

// One schema per status, shared by every route (built once: the gateway's start time is budgeted).
const errorSchemas = new Map<number, z.ZodType>();
function errorSchemaOf(status: number): z.ZodType {
  let schema = errorSchemas.get(status);
  if (!schema) {
    schema = (status === 400 ? errorEnvelopeSchema.extend({ data: badRequestDataSchema }) : errorEnvelopeSchema).describe(ERROR_TEXT[status] ?? 'Error');
    errorSchemas.set(status, schema);
  }
  return schema;
}

// OpenAPI 3.0 schema objects take only JSON Schema's own keywords and x- extensions.
const SCHEMA_KEYWORDS = new Set([
  'title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum', 'type', 'allOf', 'oneOf', 'anyOf',
  'not', 'items', 'properties', 'additionalProperties', 'description', 'format', 'default', 'nullable', 'discriminator',
  'readOnly', 'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated', '$ref', '$schema', 'id', 'const', 'examples',
]);

const zodToJsonConfig = {
  override: (ctx: { jsonSchema: Record<string, unknown> }) => {
    for (const key of Object.keys(ctx.jsonSchema)) {
      if (SCHEMA_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      ctx.jsonSchema[`x-${key}`] = ctx.jsonSchema[key];
      delete ctx.jsonSchema[key];
    }
  },
};

export const openApiTransform = createJsonSchemaTransform({ zodToJsonConfig });
export const openApiTransformObject = createJsonSchemaTransformObject({ zodToJsonConfig });
