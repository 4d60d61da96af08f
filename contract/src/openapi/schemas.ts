import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };
/** A request's side of a schema (what zod accepts) or an answer's (what zod writes). */
export type Side = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';
/** How a converted schema refers to a named schema until the document knows the name of its input form. */
const pending = (name: string, side: Side) => `${COMPONENTS}${name}${side === 'input' ? ' input' : ''}`;
const PENDING = new RegExp(`^${COMPONENTS}(\\w+)( input)?$`);

/** What `.describe()` or `.meta()` says of a schema: zod reads only the registry it is given. */
const DOCUMENTED = ['title', 'description', 'examples', 'deprecated'] as const;

/**
 * The contract's zod schemas as JSON Schema, by zod's own z.toJSONSchema, in draft 2020-12 (the dialect of
 * OpenAPI 3.1). Request bodies and parameters are converted as zod reads them (io 'input': a field with a
 * default may be left out; unknown keys are allowed, zod drops them), answers as zod writes them (io
 * 'output': defaults filled in, no other keys). A type JSON Schema cannot express (a transform's output,
 * a bigint, a Date, a custom check's type) throws rather than turning into "anything": none crosses the
 * wire today, and one that does should be given a wire type in the contract. Refinements (whole satang,
 * text() refusing control characters) have no JSON Schema form and are left out; docs/api.md says them.
 *
 * Named schemas (namedSchemasOf) become components. A named schema whose input form differs from its
 * output form (a default, additionalProperties) gets a second one, `<Name>Input`.
 */
export class SchemaConverter {
  private readonly registry = z.registry<{ id: string }>();
  private readonly defs: Record<Side, Map<string, JsonSchema>> = { input: new Map(), output: new Map() };

  constructor(named: Map<z.ZodType, string>) {
    for (const [schema, id] of named) this.registry.add(schema, { id });
  }

  /** One schema, its named parts referred to; the references are final once components() has run. */
  convert(schema: z.ZodType, side: Side): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: side,
      metadata: this.registry,
      unrepresentable: 'throw',
      override: ({ zodSchema, jsonSchema }) => {
        const meta = z.globalRegistry.get(zodSchema as unknown as z.ZodType);
        for (const key of DOCUMENTED)
          if (meta?.[key] !== undefined) (jsonSchema as Record<string, unknown>)[key] = meta[key];
      },
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = json;
    const toPending = (s: JsonSchema) => mapRefs(s, (ref) => pending(ref.replace(/^#\/\$defs\//, ''), side));
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const converted = toPending(def);
      const known = this.defs[side].get(name);
      if (known && JSON.stringify(known) !== JSON.stringify(converted))
        throw new Error(`the schema ${name} converts two ways (${side})`);
      this.defs[side].set(name, converted);
    }
    return toPending(rest);
  }

  /**
   * The named schemas the converted ones use, and the references fixed in `document` (everything the
   * converter returned must be inside it).
   */
  components<D>(document: D): { document: D; schemas: Record<string, JsonSchema> } {
    const differs = new Map<string, boolean>();
    const inputDiffers = (name: string): boolean => {
      const known = differs.get(name);
      if (known !== undefined) return known;
      const input = this.defs.input.get(name)!;
      const output = this.defs.output.get(name);
      // A named schema only requests use keeps its plain name.
      if (!output) return false;
      differs.set(name, false); // a cycle's own members compare equal unless something else differs
      const plain = mapRefs(structuredClone(input), (ref) => ref.replace(/ input$/, ''));
      const result =
        JSON.stringify(plain) !== JSON.stringify(output) ||
        refsOf(input).some((ref) => inputDiffers(ref.match(PENDING)![1]!));
      differs.set(name, result);
      return result;
    };
    const finalName = (name: string, side: Side) =>
      side === 'input' && inputDiffers(name) ? `${name}Input` : name;
    const resolve = <T>(value: T): T =>
      mapRefs(value, (ref) => {
        const m = ref.match(PENDING);
        return m ? COMPONENTS + finalName(m[1]!, m[2] ? 'input' : 'output') : ref;
      });

    const schemas: Record<string, JsonSchema> = {};
    // Every name is settled before any reference is changed in place.
    for (const name of this.defs.input.keys()) inputDiffers(name);
    for (const side of ['output', 'input'] as const)
      for (const [name, def] of this.defs[side]) schemas[finalName(name, side)] = resolve(def);
    const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1)));
    return { document: resolve(document), schemas: sorted };
  }
}

/** `value` with every $ref string passed through `fn`, changed in place (converted schemas are our own). */
function mapRefs<T>(value: T, fn: (ref: string) => string): T {
  if (Array.isArray(value)) for (const v of value) mapRefs(v, fn);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') (value as Record<string, unknown>)[k] = fn(v);
      else mapRefs(v, fn);
    }
  return value;
}

function refsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsOf(v, out);
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsOf(v, out);
    }
  return out;
}
