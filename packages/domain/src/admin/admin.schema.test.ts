import { describe, expect, it } from 'vitest';
import { getLoginAsFormState, merchantLoginRequestSchema } from './admin.schema';

describe('login-as form (doc 3 §2.12)', () => {
  it('enables the user picker only after a location, submit only with both', () => {
    expect(getLoginAsFormState({ locationId: null, userId: null })).toEqual({ isUserPickerEnabled: false, canSubmit: false });
    expect(getLoginAsFormState({ locationId: 3, userId: null })).toEqual({ isUserPickerEnabled: true, canSubmit: false });
    expect(getLoginAsFormState({ locationId: 3, userId: 9 })).toEqual({ isUserPickerEnabled: true, canSubmit: true });
  });
  it('requires both ids at the API', () => {
    expect(merchantLoginRequestSchema.safeParse({ user_id: 1 }).success).toBe(false);
    expect(merchantLoginRequestSchema.parse({ user_id: '1', merchant_id: 2 })).toEqual({ user_id: 1, merchant_id: 2 });
  });
});
