import { createContext, Suspense, useContext, type ReactNode } from 'react';
import type { ReadLineEdit } from '@stockpot/domain';

/** What the invoices feature's suggestions panel takes (issue 36). */
export interface InvoiceSuggestionsSlotProps {
  orderId: number;
  onAcceptInvoiceNumber?: (invoiceNumber: string) => void;
  currentInvoiceNumber?: string;
  /** Where the receiver checks lines (receive): the read lines' quantities and prices, as receiving edits. */
  onUseLines?: (edits: ReadLineEdit[]) => void;
}

/**
 * Where the OCR suggestions panel goes on the receiving screens. Invoices is its own feature (features
 * do not import each other): the app puts its panel in this context, as it does the 'Import invoice' action.
 */
export const InvoiceSuggestionsContext = createContext<((props: InvoiceSuggestionsSlotProps) => ReactNode) | null>(null);

export function InvoiceSuggestionsSlot(props: InvoiceSuggestionsSlotProps) {
  const renderPanel = useContext(InvoiceSuggestionsContext);
  if (!renderPanel) return null;
  return <Suspense fallback={null}>{renderPanel(props)}</Suspense>;
}
