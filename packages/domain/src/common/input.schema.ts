import { z } from 'zod';

/**
 * Input rules every API route shares: ids that fit the database's integer columns, text
 * PostgreSQL can store, and messages a person can act on. They are enforced once here (and at the
 * API boundary through `findUnsafeText` and `humanErrorMap`), so bad input answers 400 instead of
 * reaching SQL.
 */

/** The largest value of a PostgreSQL `integer` (serial) column: 2^31 - 1. */
export const MAX_ID = 2_147_483_647;

/** Nesting deeper than this is refused before any schema walks it. */
export const MAX_INPUT_DEPTH = 64;

type IssuePath = readonly PropertyKey[] | undefined;

/** A field's name as a person reads it: `company_id` and `companyId` become "Company id". */
export function toFieldLabel(path: IssuePath): string {
  const keys = (path ?? []).filter((key): key is string => typeof key === 'string');
  const last = keys.at(-1);
  if (!last) return 'This value';
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'This value';
}

/**
 * A number given as a JSON number or as numeric text (query strings and path parameters are
 * text): never a boolean, null, an empty string or NaN, which `z.coerce.number()` would read as
 * 1, 0 or NaN. Pipe it into the number's own rules.
 */
export function numberInputSchema(message?: string) {
  const error = (iss: { path?: IssuePath }) => message ?? `${toFieldLabel(iss.path)} must be a number.`;
  return z
    .union([z.number({ error }), z.string({ error }).regex(/^\s*-?\d+(\.\d+)?\s*$/, { error })], { error })
    .transform((value) => Number(value));
}

/** Messages an id field may name itself; each defaults to one built from the field's name. */
export interface IdMessages {
  /** Not a number at all (also booleans, blanks and null). */
  type?: string;
  whole?: string;
  positive?: string;
}

/**
 * A record id in a path, body or query filter: a whole number from 1 to 2^31 - 1. Booleans,
 * fractions and larger numbers answer 400 rather than reaching SQL (where `true` would read as 1
 * and 2^31 would fail the integer column).
 */
export function recordIdSchema(messages: IdMessages = {}) {
  return numberInputSchema(messages.type).pipe(
    z
      .number()
      .int({ error: (iss) => messages.whole ?? `${toFieldLabel(iss.path)} must be a whole number.` })
      .min(1, { error: (iss) => messages.positive ?? `${toFieldLabel(iss.path)} must be a positive number.` })
      .max(MAX_ID, { error: (iss) => `${toFieldLabel(iss.path)} is not a known id.` }),
  );
}

/** recordIdSchema with messages built from the field's name. */
export const idSchema = recordIdSchema();

/** A whole number (quantities, counts, pages) inside an integer column unless the caller narrows it. */
export function wholeNumberSchema({ min = 0, max = MAX_ID }: { min?: number; max?: number } = {}) {
  return numberInputSchema().pipe(
    z
      .number()
      .int({ error: (iss) => `${toFieldLabel(iss.path)} must be a whole number.` })
      .min(min, { error: (iss) => `${toFieldLabel(iss.path)} must be at least ${min}.` })
      .max(max, { error: (iss) => `${toFieldLabel(iss.path)} must be at most ${max}.` }),
  );
}

// A lone high surrogate (not followed by a low one) or a lone low surrogate (not preceded by a high one).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store the text: no NUL character and no lone UTF-16 surrogate. */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export const UNSAFE_TEXT_MESSAGE = 'contains a character that is not allowed (a NUL character or a broken emoji).';

/** Text a person typed: storable in PostgreSQL (see isSafeText), at most `max` characters. */
export function safeTextSchema({ max = 10_000 }: { max?: number } = {}) {
  return z
    .string({ error: (iss) => `${toFieldLabel(iss.path)} must be text.` })
    .max(max, { error: (iss) => `${toFieldLabel(iss.path)} is too long (${max} characters at most).` })
    .refine(isSafeText, { error: (iss) => `${toFieldLabel(iss.path)} ${UNSAFE_TEXT_MESSAGE}` });
}

export interface UnsafeInput {
  /** Dotted path of the offending value, '' for the whole input. */
  field: string;
  message: string;
}

/**
 * Walks a parsed request part (body, query or path parameters) once, without recursion, and names
 * the first string or key PostgreSQL cannot store, or the point where nesting goes too deep.
 * Applied to every route at the API boundary, so no schema can forget it.
 */
export function findUnsafeText(input: unknown): UnsafeInput | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isSafeText(value)) return { field: path.join('.'), message: `${toFieldLabel(path)} ${UNSAFE_TEXT_MESSAGE}` };
      continue;
    }
    // Only parsed JSON and query objects are walked: a file stream or buffer of an upload is not text.
    if (!isPlainContainer(value)) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      return { field: path.join('.'), message: `The request is nested too deeply (${MAX_INPUT_DEPTH} levels at most).` };
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const childPath = [...path, key];
      if (!isSafeText(key)) return { field: path.join('.'), message: `A field name ${UNSAFE_TEXT_MESSAGE}` };
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

function isPlainContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  // Query parsers build objects on a prototype that itself has none; JSON.parse uses Object's.
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

const describeType = (expected: string): string => {
  switch (expected) {
    case 'number':
    case 'int':
    case 'bigint':
      return 'a number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'true or false';
    case 'array':
    case 'tuple':
      return 'a list';
    case 'object':
    case 'record':
      return 'an object';
    case 'date':
      return 'a date';
    default:
      return `a valid ${expected}`;
  }
};

const sizeUnit = (origin: unknown): string =>
  origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' entries' : '';

/**
 * Human messages for zod's own issues ("Quantity must be a number.", not "expected number,
 * received NaN"). Schemas that name their own message keep it; this fills in the rest. The API
 * passes it to every parse of a request.
 */
export const humanErrorMap: z.core.$ZodErrorMap = (iss) => {
  const label = toFieldLabel(iss.path);
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? `${label} is required.` : `${label} must be ${describeType(iss.expected)}.`;
    case 'too_small': {
      if (iss.origin === 'string' && Number(iss.minimum) === 1) return `${label} is required.`;
      if (iss.origin === 'array' && Number(iss.minimum) === 1) return `${label} needs at least one entry.`;
      const bound = iss.inclusive === false ? 'more than' : 'at least';
      return `${label} must be ${bound} ${String(iss.minimum)}${sizeUnit(iss.origin)}.`;
    }
    case 'too_big': {
      const bound = iss.inclusive === false ? 'less than' : 'at most';
      if (iss.origin === 'string') return `${label} is too long (${String(iss.maximum)} characters at most).`;
      return `${label} must be ${bound} ${String(iss.maximum)}${sizeUnit(iss.origin)}.`;
    }
    case 'invalid_format':
      if (iss.format === 'email') return `${label} is not a valid email address.`;
      if (iss.format === 'regex') return `${label} is not in the expected format.`;
      return `${label} is not a valid ${iss.format}.`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(iss.divisor)}.`;
    case 'unrecognized_keys':
      return `Unknown field${iss.keys.length > 1 ? 's' : ''}: ${iss.keys.join(', ')}.`;
    case 'invalid_value':
      return iss.values.length <= 10
        ? `${label} must be one of: ${iss.values.map((v) => String(v)).join(', ')}.`
        : `${label} is not one of the allowed values.`;
    case 'invalid_union':
      return `${label} is not valid.`;
    case 'invalid_key':
      return `${label} has a field name that is not allowed.`;
    case 'invalid_element':
      return `${label} has an entry that is not valid.`;
    default:
      return `${label} is not valid.`;
  }
};
