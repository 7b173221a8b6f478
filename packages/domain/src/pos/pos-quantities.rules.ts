/**
 * The one rule for a menu item's quantities on a day (issue 32, doc 2 §2 "POS Detail": QTY Sold,
 * QTY Void, Net QTY, Total Amount Sold), used by the import, the detail and theoretical use alike:
 *
 * - QTY Sold counts every line rung up, those voided later included (the voided line was rung too);
 * - QTY Void counts the lines voided or refunded;
 * - Net QTY = QTY Sold − QTY Void: what the guests kept, the quantity theoretical use multiplies;
 * - the amount is net sales: a voided line never earned anything, a refund gives its money back.
 *
 * So a day adds up to the export's own totals: Net QTY to the quantity it kept, the amount to its
 * net sales. Quantities are hundredths of a unit, money cents.
 */

/**
 * How a row of a sales export counts: a `sale` line, a `void` (Toast 'Void?' true: the rung-up line
 * itself, cancelled) or a `refund` (Square 'Refund': a second row giving back an earlier sale).
 */
export type PosLineKind = 'sale' | 'void' | 'refund';

export interface PosLine {
  kind: PosLineKind;
  qtyHundredths: number;
  amountCents: number;
}

export interface PosQuantities {
  soldHundredths: number;
  voidHundredths: number;
  /** Net sales, cents. */
  amountCents: number;
}

export const EMPTY_POS_QUANTITIES: PosQuantities = Object.freeze({ soldHundredths: 0, voidHundredths: 0, amountCents: 0 });

/** Net QTY of a day's item: sold (voided lines included) less void (issue 32's POS rule). */
export function getPosNetHundredths(quantities: { soldHundredths: number; voidHundredths: number }): number {
  return quantities.soldHundredths - quantities.voidHundredths;
}

/** A day's item totals with one more export row counted by the POS rule (issue 32). */
export function addPosLine(totals: PosQuantities, line: PosLine): PosQuantities {
  const qty = Math.abs(line.qtyHundredths);
  const amount = Math.abs(line.amountCents);
  // A sale written with a negative quantity gives back an earlier one, as a refund row does.
  const kind = line.kind === 'sale' && line.qtyHundredths < 0 ? 'refund' : line.kind;
  switch (kind) {
    case 'sale':
      return { ...totals, soldHundredths: totals.soldHundredths + qty, amountCents: totals.amountCents + line.amountCents };
    case 'void':
      return { ...totals, soldHundredths: totals.soldHundredths + qty, voidHundredths: totals.voidHundredths + qty };
    case 'refund':
      return { ...totals, voidHundredths: totals.voidHundredths + qty, amountCents: totals.amountCents - amount };
  }
}
