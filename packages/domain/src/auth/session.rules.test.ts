import { describe, expect, it } from 'vitest';
import { getSignInLandingPath, getViewer, isSignedIn, parseStoredRole, shouldFetchCurrentUser } from './session.rules';
import { FORGOT_PASSWORD_INVALID_EMAIL_TEXT, validateForgotPasswordEmail } from './forgot-password.rules';
import type { Location } from './auth.schema';

const location = {
  display_comparison_view: 1,
  display_accounting: 0,
  display_recipe_costing: 0,
  display_shopping_cart: 1,
} as Location;

describe('session', () => {
  it('is signed in only with a stored key', () => {
    expect(isSignedIn({ authKey: null })).toBe(false);
    expect(isSignedIn({ authKey: '' })).toBe(false);
    expect(isSignedIn({ authKey: 'k' })).toBe(true);
  });

  it('derives the viewer from key and role', () => {
    expect(getViewer({ authKey: null, currentRole: 'admin', activeLocation: null }, true)).toEqual({ kind: 'signed-out' });
    expect(getViewer({ authKey: 'k', currentRole: 'admin', activeLocation: location }, true)).toEqual({ kind: 'admin' });
    expect(getViewer({ authKey: 'k', currentRole: 'member', activeLocation: location }, false)).toEqual({
      kind: 'member',
      location,
      isDesktop: false,
    });
  });

  it('lands the administrator on /admin-login and members on their default view', () => {
    expect(getSignInLandingPath({ currentRole: 'admin', activeLocation: null })).toBe('/admin-login');
    // An accepted sales rep invite signs in to no location: its accounts.
    expect(getSignInLandingPath({ currentRole: 'member', activeLocation: null })).toBe('/sales-rep');
    expect(getSignInLandingPath({ currentRole: 'member', activeLocation: location })).toBe('/place-order/inventory');
    expect(getSignInLandingPath({ currentRole: 'member', activeLocation: { display_comparison_view: 0 } })).toBe(
      '/place-order/list',
    );
  });

  it('reads only known roles back from storage', () => {
    expect(parseStoredRole('admin')).toBe('admin');
    expect(parseStoredRole('member')).toBe('member');
    expect(parseStoredRole('owner')).toBeNull();
    expect(parseStoredRole('toString')).toBeNull();
    expect(parseStoredRole(null)).toBeNull();
  });

  it('fetches the current user only for signed-in non-administrators', () => {
    expect(shouldFetchCurrentUser({ authKey: 'k', currentRole: 'member' })).toBe(true);
    expect(shouldFetchCurrentUser({ authKey: 'k', currentRole: 'admin' })).toBe(false);
    expect(shouldFetchCurrentUser({ authKey: null, currentRole: 'member' })).toBe(false);
  });
});

describe('forgot password e-mail', () => {
  it('asks for a correct e-mail', () => {
    expect(validateForgotPasswordEmail('')).toBe(FORGOT_PASSWORD_INVALID_EMAIL_TEXT);
    expect(validateForgotPasswordEmail('owner@')).toBe('Please enter a correct email.');
    expect(validateForgotPasswordEmail('owner@demo.test')).toBeNull();
  });
});
