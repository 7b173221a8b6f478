/**
 * fast-check arbitraries derived from the routes' zod schemas, as the OpenAPI document carries
 * them (fastify-type-provider-zod turns each zod schema into JSON Schema for /api/docs): values
 * of the right shape, so requests get past validation into the services and the database.
 */
import fc from 'fast-check';
import type { ApiParameter, JsonSchema } from './hardening-support';

const INT4_MAX = 2_147_483_647;

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  let min = schema.minimum ?? -INT4_MAX;
  let max = schema.maximum ?? INT4_MAX;
  if (schema.exclusiveMinimum === true) min += 1;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  // Small values (real ids, quantities) most of the time, the edges of the range some of the time.
  const small = fc.integer({ min: Math.max(min, -5), max: Math.max(Math.min(max, 200), Math.max(min, -5)) });
  return fc.oneof({ arbitrary: small, weight: 4 }, { arbitrary: fc.integer({ min, max }), weight: 1 }, fc.constantFrom(min, max));
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain strings, which validation may refuse.
    }
  }
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** An arbitrary of values of the schema (leaning to the valid, not guaranteed to be). */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  let arbitrary: fc.Arbitrary<unknown>;
  const choices = schema.anyOf ?? schema.oneOf;
  if (schema.const !== undefined) arbitrary = fc.constant(schema.const);
  else if (schema.enum) arbitrary = fc.constantFrom(...schema.enum);
  else if (choices?.length) arbitrary = fc.oneof(...choices.map((c) => arbitraryOf(c, depth + 1)));
  else if (schema.allOf?.length) arbitrary = arbitraryOf(schema.allOf[0], depth + 1);
  else {
    const types = typesOf(schema);
    const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
    switch (type) {
      case 'integer':
        arbitrary = integerArbitrary(schema);
        break;
      case 'number':
        arbitrary = fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
        break;
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'string':
        arbitrary = stringArbitrary(schema);
        break;
      case 'array':
        arbitrary = fc.array(arbitraryOf(schema.items, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
        });
        break;
      case 'object': {
        const properties = schema.properties ?? {};
        const shape: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(properties)) shape[name] = arbitraryOf(property, depth + 1);
        arbitrary = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
        break;
      }
      default:
        arbitrary = fc.jsonValue({ maxDepth: 2 });
    }
    if (types.includes('null')) arbitrary = fc.option(arbitrary, { nil: null });
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

/** A query string or path value: what a client would put in a URL for the parameter's schema. */
export function parameterArbitrary(parameter: ApiParameter): fc.Arbitrary<string> {
  return arbitraryOf(parameter.schema).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
}
