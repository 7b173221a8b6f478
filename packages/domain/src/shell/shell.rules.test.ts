import { describe, expect, it } from 'vitest';
import { getConnectivityNotice, getOfflineText, OFFLINE_TEXT_IN_APP, OFFLINE_TEXT_SIGNED_OUT } from './connectivity.rules';
import { countRequests, isSpinnerVisible } from './spinner.rules';

describe('connectivity notices', () => {
  it('uses the sign-in text on login, sign-up and home', () => {
    expect(getOfflineText('/login')).toBe(OFFLINE_TEXT_SIGNED_OUT);
    expect(getOfflineText('/sign-up/2')).toBe(OFFLINE_TEXT_SIGNED_OUT);
    expect(getOfflineText('/')).toBe(OFFLINE_TEXT_SIGNED_OUT);
    expect(getOfflineText('/place-order/list')).toBe(OFFLINE_TEXT_IN_APP);
  });

  it('announces only real changes', () => {
    expect(getConnectivityNotice(true, true, '/x')).toBeNull();
    expect(getConnectivityNotice(false, true, '/x')).toEqual({ title: 'Online', message: 'Internet connection is back' });
    expect(getConnectivityNotice(true, false, '/help')).toEqual({ title: 'Offline', message: OFFLINE_TEXT_IN_APP });
  });
});

describe('request spinner', () => {
  it('counts requests and responses and never goes negative', () => {
    let count = 0;
    count = countRequests(count, 'request');
    count = countRequests(count, 'request');
    expect(isSpinnerVisible(count)).toBe(true);
    count = countRequests(count, 'response');
    count = countRequests(count, 'response');
    expect(isSpinnerVisible(count)).toBe(false);
    expect(countRequests(count, 'response')).toBe(0);
  });
});
