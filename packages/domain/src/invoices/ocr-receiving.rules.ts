/**
 * The invoice lines OCR read, offered to the receiver on the receive screen (issue 36: "suggestions
 * the receiver confirms"). Only lines that can stand as a receiving edit are offered: a whole number
 * of units (the receive screen counts cases, as the order does) whose quantity × price is the amount
 * read beside them. The rest stay as ordered, and the receiver is told how many.
 */
import { toDecimalString } from '../money/money.rules';
import type { InvoiceSuggestionLine } from './ocr-invoice.schema';

/** A receiving edit as the receive screen holds it: quantity and price as typed text. */
export interface ReadLineEdit {
  orderItemId: number;
  quantity: string;
  price: string;
}

const WHOLE_QUANTITY = /^(\d{1,6})(?:\.0+)?$/;

/** The read lines that can be used as receiving edits, and how many cannot. */
export function toReceivingEdits(lines: readonly InvoiceSuggestionLine[]): { edits: ReadLineEdit[]; leftAsOrdered: number } {
  const edits: ReadLineEdit[] = [];
  for (const line of lines) {
    const whole = WHOLE_QUANTITY.exec(line.quantity.trim());
    // Nothing received reads as 0: that is a rejection with its reason, not an edit.
    if (!whole || Number(whole[1]) < 1 || !line.isConsistent || line.unitPrice <= 0) continue;
    edits.push({ orderItemId: line.orderItemId, quantity: String(Number(whole[1])), price: toDecimalString(line.unitPrice, 2) });
  }
  return { edits, leftAsOrdered: lines.length - edits.length };
}
