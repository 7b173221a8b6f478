import { describe, expect, it } from 'vitest';
import type { InvoiceSuggestionLine } from './ocr-invoice.schema';
import { toReceivingEdits } from './ocr-receiving.rules';

const line = (over: Partial<InvoiceSuggestionLine>): InvoiceSuggestionLine => ({
  orderItemId: 1,
  matchedBy: 'item-number',
  itemNumber: '4092741',
  description: 'CHICKEN, BREAST',
  readDescription: 'CHICKEN BREAST',
  quantity: '2',
  unitPrice: 5842,
  amount: 11684,
  isConsistent: true,
  ...over,
});

describe('read invoice lines as receiving edits', () => {
  it('offers a whole quantity and its price as the receive screen types them', () => {
    expect(toReceivingEdits([line({}), line({ orderItemId: 2, quantity: '3.00', unitPrice: 1205, amount: 3615 })])).toEqual({
      edits: [
        { orderItemId: 1, quantity: '2', price: '58.42' },
        { orderItemId: 2, quantity: '3', price: '12.05' },
      ],
      leftAsOrdered: 0,
    });
  });

  it('leaves as ordered a part quantity, nothing received, an amount that does not add up, and no price', () => {
    const result = toReceivingEdits([
      line({ orderItemId: 1, quantity: '2.5' }),
      line({ orderItemId: 2, quantity: '0' }),
      line({ orderItemId: 3, isConsistent: false }),
      line({ orderItemId: 4, unitPrice: 0 }),
      line({ orderItemId: 5, quantity: '07' }),
    ]);
    expect(result.edits).toEqual([{ orderItemId: 5, quantity: '7', price: '58.42' }]);
    expect(result.leftAsOrdered).toBe(4);
  });
});
