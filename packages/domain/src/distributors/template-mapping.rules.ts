import { BUYER_MAPPED_FIELD_LABELS, type BuyerMappedField } from './guide-preview.schema';
import { normaliseHeader, type GuideField, type OrderGuideTemplate } from './order-guide-template.rules';

/**
 * Mapping a requested template once (issue 20 "Request Template"): the operator names, for each
 * order-guide field, the header of the requester's file that holds it (`din="Item #"`). The result
 * is read exactly like a built-in template: by header name, case-insensitive, in any column order.
 */

export const MAPPABLE_FIELDS: readonly GuideField[] = [
  'din',
  'name',
  'brand',
  'pack',
  'size',
  'unit',
  'pack_size',
  'unit_measure',
  'price',
  'lb_price',
  'split_price',
  'is_catch_weight',
  'is_market_price',
  'stock',
];

export type ColumnMapping = Partial<Record<GuideField, string>>;

/** `field=Header` arguments of the command line to a mapping; errors name the argument. */
export function parseMappingArguments(args: readonly string[]): { mapping: ColumnMapping; errors: string[] } {
  const mapping: ColumnMapping = {};
  const errors: string[] = [];
  for (const arg of args) {
    const at = arg.indexOf('=');
    const field = (at > 0 ? arg.slice(0, at) : '').trim() as GuideField;
    const header = at > 0 ? arg.slice(at + 1).trim() : '';
    if (!MAPPABLE_FIELDS.includes(field))
      errors.push(`"${arg}": write field=Header with a field of ${MAPPABLE_FIELDS.join(', ')}.`);
    else if (header === '') errors.push(`"${arg}": the header after = is empty.`);
    else if (mapping[field] !== undefined) errors.push(`"${field}" is mapped twice.`);
    else mapping[field] = header;
  }
  return { mapping, errors };
}

/**
 * Checks a mapping against the requester's header row and builds the template. A guide needs the
 * DIN, the name, a price and a pack: pack_size, or pack and size. Every header named must be in
 * the row (a typo would otherwise make a template that never matches).
 */
export function buildTemplateFromMapping(
  key: string,
  name: string,
  mapping: ColumnMapping,
  headerRow: readonly string[],
): { template: OrderGuideTemplate | null; errors: string[] } {
  const errors: string[] = [];
  const headers = new Set(headerRow.map(normaliseHeader));
  for (const [field, header] of Object.entries(mapping)) {
    if (!headers.has(normaliseHeader(header))) errors.push(`${field}: "${header}" is not a header of the file.`);
  }
  for (const field of ['din', 'name', 'price'] as const) {
    if (!mapping[field]) errors.push(`${field} must be mapped.`);
  }
  const packFields: GuideField[] = mapping.pack_size ? ['pack_size'] : ['pack', 'size'];
  if (!mapping.pack_size && !(mapping.pack && mapping.size)) errors.push('Map pack_size, or pack and size.');
  if (errors.length > 0) return { template: null, errors };
  const columns: OrderGuideTemplate['columns'] = {};
  for (const [field, header] of Object.entries(mapping) as [GuideField, string][]) columns[field] = [header];
  return { template: { key, name, columns, required: ['din', 'name', 'price', ...packFields] }, errors: [] };
}

/** The row of the file most like a header: the first of its first rows with the most filled cells. */
export function guessHeaderRow(rows: readonly (readonly string[])[]): readonly string[] {
  let best: readonly string[] = [];
  for (const row of rows.slice(0, 10)) {
    const filled = row.filter((cell) => cell.trim() !== '').length;
    if (filled > best.filter((cell) => cell.trim() !== '').length) best = row;
  }
  return best;
}

/** The fields a buyer's mapping must give, with what to say when one is missing (issue 31). */
const BUYER_REQUIRED: readonly { fields: readonly BuyerMappedField[]; message: string }[] = [
  { fields: ['din'], message: 'Choose the column that holds the item number.' },
  { fields: ['name'], message: 'Choose the column that holds the description.' },
  { fields: ['pack', 'size'], message: 'Choose the column that holds the pack or the size.' },
  { fields: ['price', 'lb_price'], message: 'Choose the column that holds the case price or the per-pound price.' },
];

/**
 * A buyer's own column mapping (issue 31 "Layouts without a template") as a template read like the
 * built-in ones: every column chosen must be a header of the file, each column chosen once, and
 * the item number, description, a pack or size and a price are needed. A pack without a size column
 * holds the whole pack ("4/5 LB"), and so does a size alone.
 */
export function buildBuyerTemplate(
  key: string,
  name: string,
  mapping: Partial<Record<BuyerMappedField, string>>,
  headers: readonly string[],
): { template: OrderGuideTemplate | null; errors: { field: string; message: string }[] } {
  const errors: { field: string; message: string }[] = [];
  const known = new Set(headers.map(normaliseHeader).filter((header) => header !== ''));
  const chosen = new Map<string, BuyerMappedField>();
  for (const [field, header] of Object.entries(mapping) as [BuyerMappedField, string | undefined][]) {
    if (!header) continue;
    const normalised = normaliseHeader(header);
    if (!known.has(normalised)) errors.push({ field, message: `"${header}" is not a column of the file.` });
    else if (chosen.has(normalised))
      errors.push({
        field,
        message: `"${header}" is already chosen for ${BUYER_MAPPED_FIELD_LABELS[chosen.get(normalised)!].toLowerCase()}: choose each column once.`,
      });
    else chosen.set(normalised, field);
  }
  for (const rule of BUYER_REQUIRED) {
    if (!rule.fields.some((field) => mapping[field])) errors.push({ field: rule.fields[0], message: rule.message });
  }
  if (errors.length > 0) return { template: null, errors };

  const columns: OrderGuideTemplate['columns'] = {};
  const set = (field: GuideField, header: string | undefined) => {
    if (header) columns[field] = [header];
  };
  set('din', mapping.din);
  set('name', mapping.name);
  set('brand', mapping.brand);
  set('price', mapping.price);
  set('lb_price', mapping.lb_price);
  const isSplitPack = Boolean(mapping.pack && mapping.size);
  if (isSplitPack) {
    set('pack', mapping.pack);
    set('size', mapping.size);
    set('unit', mapping.unit);
  } else {
    set('pack_size', mapping.pack ?? mapping.size);
    set('unit_measure', mapping.unit);
  }
  const required: GuideField[] = ['din', 'name', ...(isSplitPack ? (['pack', 'size'] as const) : (['pack_size'] as const))];
  return { template: { key, name, columns, required }, errors: [] };
}
