import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DIRECTORY_DISTRIBUTOR_IDS, queryRows } from '@stockpot/db';
import { EMAIL_TAKEN_TEXT, SIGN_UP_SUCCESS_TEXT, type SignUpRequest } from '@stockpot/domain';
import { AUTH_SECRET, bearer, createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SYSCO = DIRECTORY_DISTRIBUTOR_IDS.sysco;
const BALDOR = DIRECTORY_DISTRIBUTOR_IDS.baldor;
let nextAddress = 1;
/** Each call from its own client address, so the per-address rate limit never mixes into a case. */
const from = () => `10.22.0.${nextAddress++}`;

async function tokenizeCard(number = '4242424242424242'): Promise<{ token: string; cardId: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment-gateway/test/tokens',
    remoteAddress: from(),
    payload: { number, exp_month: 12, exp_year: 2034, cvc: '123', address_zip: '02110' },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return { token: body.id, cardId: body.card.id };
}

function payload(email: string, overrides: Partial<SignUpRequest> = {}): Omit<SignUpRequest, 'paymentMethod'> {
  return {
    companyId: '1',
    firstName: 'Maria',
    lastName: 'Lopez',
    title: 0,
    businessName: 'Lopez Kitchens',
    businessAddress: '9 Hanover Street',
    businessCity: 'Boston',
    businessState: 'MA',
    businessPostcode: '02113',
    phoneNumber: '(617) 555-0190',
    email,
    password: 'secret12',
    passwordRepeat: 'secret12',
    totalReportingLocations: 2,
    signedBy: 'Maria Lopez',
    locations: [
      {
        nickname: 'Lopez North End',
        phoneNumber: '(617) 555-0191',
        address: '9 Hanover Street',
        city: 'Boston',
        state: 'MA',
        zipcode: '02113',
        distributors: [
          {
            id: SYSCO,
            nickname: 'Sysco',
            dcn: 'HL-77',
            email: 'Dana@Harborline.test',
            phoneNumber: '(617) 555-0111',
            name: 'Dana Reyes',
          },
        ],
      },
      {
        nickname: 'Lopez Back Bay',
        phoneNumber: '(617) 555-0192',
        address: '300 Boylston Street',
        city: 'Boston',
        state: 'MA',
        zipcode: '02116',
        distributors: [
          {
            id: SYSCO,
            nickname: 'Sysco',
            dcn: 'HL-78',
            email: 'dana@harborline.test',
            phoneNumber: '',
            name: 'Dana Reyes',
          },
          {
            id: BALDOR,
            nickname: 'Baldor Specialty Foods',
            dcn: '',
            email: 'sam@coastal.test',
            phoneNumber: '',
            name: 'Sam Ortiz',
          },
        ],
      },
    ],
    ...overrides,
  };
}

async function signUp(body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/v1/sign-up', payload: body as object, remoteAddress: from() });
}

async function countRows(): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(
    t.handle.db,
    sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from locations) as locations,
      (select count(*)::int from user_locations) as user_locations,
      (select count(*)::int from restaurants) as restaurants,
      (select count(*)::int from restaurant_locations) as restaurant_locations,
      (select count(*)::int from location_distributors) as location_distributors,
      (select count(*)::int from sales_reps) as sales_reps`,
  );
  return row;
}

describe('POST sign-up', () => {
  it('creates the owner, two locations, distributor accounts and reps under company 1, and the owner signs in at once', async () => {
    const before = await countRows();
    const response = await signUp({ ...payload('Maria@Lopez.test'), paymentMethod: await tokenizeCard() });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ message: SIGN_UP_SUCCESS_TEXT, email: 'maria@lopez.test' });
    expect(data.locationIds).toHaveLength(2);

    expect(await countRows()).toEqual({
      ...before,
      users: before.users + 1,
      locations: before.locations + 2,
      user_locations: before.user_locations + 2,
      restaurants: before.restaurants + 1,
      restaurant_locations: before.restaurant_locations + 2,
      location_distributors: before.location_distributors + 3,
      sales_reps: before.sales_reps + 3,
    });

    const [restaurant] = await queryRows<{
      company_id: number;
      business_name: string;
      signed_by: string;
      total_reporting_locations: number;
      setup_authorization_id: string;
    }>(
      t.handle.db,
      sql`select company_id, business_name, signed_by, total_reporting_locations, setup_authorization_id from restaurants where owner_user_id = ${data.userId}`,
    );
    expect(restaurant).toMatchObject({
      company_id: 1,
      business_name: 'Lopez Kitchens',
      signed_by: 'Maria Lopez',
      total_reporting_locations: 2,
    });
    expect(restaurant.setup_authorization_id).toMatch(/^auth_test_/);
    const reps = await queryRows<{ location_id: number; email: string; is_primary: boolean; customer_number: string }>(
      t.handle.db,
      sql`select r.location_id, r.email, r.is_primary, ld.customer_number from sales_reps r
          join location_distributors ld on ld.location_id = r.location_id and ld.distributor_id = r.distributor_id
          where r.location_id in (${sql.join(data.locationIds, sql`, `)}) order by r.location_id, r.distributor_id`,
    );
    expect(reps).toEqual([
      { location_id: data.locationIds[0], email: 'dana@harborline.test', is_primary: true, customer_number: 'HL-77' },
      { location_id: data.locationIds[1], email: 'dana@harborline.test', is_primary: true, customer_number: 'HL-78' },
      { location_id: data.locationIds[1], email: 'sam@coastal.test', is_primary: true, customer_number: '' },
    ]);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { email: 'maria@lopez.test', password: 'secret12', company_id: '1', secret: AUTH_SECRET },
      remoteAddress: from(),
    });
    expect(signIn.statusCode).toBe(200);
    const user = signIn.json().data;
    expect(user).toMatchObject({ firstName: 'Maria', title: 'Owner', currentRole: 'member' });
    expect(user.activeLocation.nickname).toBe('Lopez North End');
    expect(user.locations.map((l: { nickname: string }) => l.nickname)).toEqual(['Lopez North End', 'Lopez Back Bay']);
    // The new owner works in their own location: its distributors are the two just linked.
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(user.authKey) });
    expect(current.statusCode).toBe(200);
  });

  it('refuses a taken e-mail (any case) and writes nothing', async () => {
    const before = await countRows();
    const response = await signUp({ ...payload('OWNER@demo.test'), paymentMethod: await tokenizeCard() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'email_taken', message: EMAIL_TAKEN_TEXT });
    expect(await countRows()).toEqual(before);
  });

  it('refuses a declined card and leaves nothing behind', async () => {
    const before = await countRows();
    const response = await signUp({ ...payload('declined@lopez.test'), paymentMethod: await tokenizeCard('4000000000000002') });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect(await countRows()).toEqual(before);
    // The same person may try again with another card.
    const retry = await signUp({ ...payload('declined@lopez.test'), paymentMethod: await tokenizeCard() });
    expect(retry.statusCode).toBe(201);
  });

  it('refuses a forged card token, and a token already used for a sign-up', async () => {
    const before = await countRows();
    const forged = await signUp({
      ...payload('forged@lopez.test'),
      paymentMethod: { token: 'tok_test_forged.abc', cardId: 'x' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('card_not_verified');
    const card = await tokenizeCard();
    expect((await signUp({ ...payload('first@lopez.test'), paymentMethod: card })).statusCode).toBe(201);
    const afterFirst = await countRows();
    expect(afterFirst.users).toBe(before.users + 1);
    const reused = await signUp({ ...payload('second@lopez.test'), paymentMethod: card });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('card_not_verified');
    expect(await countRows()).toEqual(afterFirst);
  });

  it('answers the wizard’s rules as a flat list, location errors suffixed with the location name, writing nothing', async () => {
    const before = await countRows();
    const base = payload('rules@lopez.test');
    const response = await signUp({
      ...base,
      firstName: 'Al',
      businessPostcode: '0211',
      passwordRepeat: 'different',
      locations: [
        {
          ...base.locations![0],
          city: 'B',
          distributors: [{ ...base.locations![0].distributors![0], email: 'nope', name: 'Do' }],
        },
      ],
      paymentMethod: await tokenizeCard(),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'invalid_sign_up', message: 'First name is too short (minimum is 3 characters)' });
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
      'First name is too short (minimum is 3 characters)',
      'Zipcode is too short (minimum is 5 digits)',
      'Confirm password does not match password',
      'City is too short (minimum is 2 characters) for Lopez North End',
      'Distributor Sales Rep Email is not a valid email for Lopez North End',
      'Distributor Sales Rep Full Name is too short (minimum is 3 characters) for Lopez North End',
    ]);
    const none = await signUp({ ...base, locations: [], paymentMethod: await tokenizeCard() });
    expect(none.json().message).toBe('Locations needs at least 1 active');
    expect(await countRows()).toEqual(before);
  });

  it('refuses an unknown distributor or company, and a malformed body, with 400 and no rows', async () => {
    const before = await countRows();
    const base = payload('unknown@lopez.test');
    const unknownDistributor = await signUp({
      ...base,
      locations: [{ ...base.locations![0], distributors: [{ ...base.locations![0].distributors![0], id: 999_999 }] }],
      paymentMethod: await tokenizeCard(),
    });
    expect(unknownDistributor.statusCode).toBe(400);
    expect(unknownDistributor.json().code).toBe('invalid_distributor');
    const unknownCompany = await signUp({ ...base, companyId: '987654', paymentMethod: await tokenizeCard() });
    expect(unknownCompany.statusCode).toBe(400);
    for (const body of [
      {},
      { ...base },
      { ...base, title: 'Owner', paymentMethod: { token: 'x' } },
      { ...base, locations: 'x', paymentMethod: { token: 'x' } },
    ]) {
      const response = await signUp(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await countRows()).toEqual(before);
  });
});

describe('GET sign-up/distributors', () => {
  it('finds directory distributors by part of the name, without a session, and never the demo ones', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sign-up/distributors?search=sysc',
      remoteAddress: from(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ id: SYSCO, nickname: 'Sysco' }]);
    const demo = await t.app.inject({ method: 'GET', url: '/api/v1/sign-up/distributors?search=harbor', remoteAddress: from() });
    expect(demo.json().data).toEqual([]);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/sign-up/distributors', remoteAddress: from() });
    expect(all.json().data.length).toBeGreaterThan(3);
    const wild = await t.app.inject({ method: 'GET', url: '/api/v1/sign-up/distributors?search=%25', remoteAddress: from() });
    expect(wild.json().data).toEqual([]);
  });
});
