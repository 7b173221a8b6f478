/** Sign-ups for the directory's API tests: a Texas restaurant with one location and the distributors given. */
import { expect } from 'vitest';
import type { SignUpRequest } from '@stockpot/domain';
import { AUTH_SECRET, type TestApp } from '../../test-support/test-app';

let nextAddress = 1;
/** Each call from its own client address, so the per-address rate limits never mix into a case. */
export const fromAddress = () => `10.31.${Math.floor(nextAddress / 200)}.${(nextAddress++ % 200) + 1}`;

async function tokenizeCard(t: TestApp) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment-gateway/test/tokens',
    remoteAddress: fromAddress(),
    payload: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123', address_zip: '78701' },
  });
  return { token: response.json().id as string, cardId: response.json().card.id as string };
}

/** Signs the restaurant up and its owner in; answers the owner's session and the location. */
export async function signUpWithNewDistributor(
  t: TestApp,
  slug: string,
  distributors: { id: number; nickname: string }[],
): Promise<{ authKey: string; locationId: number }> {
  const body: SignUpRequest = {
    paymentMethod: await tokenizeCard(t),
    companyId: '1',
    firstName: 'Rosa',
    lastName: 'Garza',
    title: 0,
    businessName: `${slug} Tacos`,
    businessAddress: '100 Congress Avenue',
    businessCity: 'Austin',
    businessState: 'TX',
    businessPostcode: '78701',
    phoneNumber: '(512) 555-0100',
    email: `owner@${slug}.test`,
    password: 'secret12',
    passwordRepeat: 'secret12',
    totalReportingLocations: 1,
    locations: [
      {
        nickname: `${slug} Downtown`,
        phoneNumber: '(512) 555-0101',
        address: '100 Congress Avenue',
        city: 'Austin',
        state: 'TX',
        zipcode: '78701',
        distributors: distributors.map((d) => ({
          ...d,
          dcn: '',
          email: `rep@${slug}.test`,
          phoneNumber: '',
          name: 'Lupe Local',
        })),
      },
    ],
  };
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/sign-up', payload: body, remoteAddress: fromAddress() });
  expect(response.statusCode, response.body).toBe(201);
  const { locationIds, email } = response.json().data;
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authenticate',
    payload: { email, password: 'secret12', company_id: '1', secret: AUTH_SECRET },
    remoteAddress: fromAddress(),
  });
  return { authKey: signIn.json().data.authKey, locationId: locationIds[0] };
}
