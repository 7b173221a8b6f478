import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cardTokenSchema, paymentMethodSchema, type PaymentMethod } from '@stockpot/domain';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let owner: string;
let chef: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chef = await signInAs(t.app, 'chef@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const BILLING = {
  address_line1: '140 Atlantic Avenue',
  address_line2: 'Suite 2',
  address_city: 'Boston',
  address_state: 'ma',
  address_zip: '02110',
};

// The tokenise endpoint allows 30 calls a minute per address; each call here comes from its own.
let clientNumber = 0;

/** What the browser does: send the card and billing address to the gateway's own endpoint. */
function tokenise(number: string, extra: Record<string, unknown> = {}) {
  clientNumber += 1;
  return t.app.inject({
    method: 'POST',
    url: '/payment-gateway/test/tokens',
    remoteAddress: `10.7.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
    payload: { number, exp_month: 12, exp_year: 2030, cvc: '123', ...BILLING, ...extra },
  });
}

async function tokenFor(number = '4242 4242 4242 4242', extra: Record<string, unknown> = {}): Promise<string> {
  const response = await tokenise(number, extra);
  expect(response.statusCode).toBe(200);
  return cardTokenSchema.parse(response.json()).id;
}

const api = {
  list: (auth = owner) => t.app.inject({ method: 'GET', url: '/api/v1/payment-methods', headers: bearer(auth) }),
  get: (token: string, auth = owner) =>
    t.app.inject({ method: 'GET', url: `/api/v1/payment-methods/${encodeURIComponent(token)}`, headers: bearer(auth) }),
  add: (payload: Record<string, unknown>, auth = owner) =>
    t.app.inject({ method: 'POST', url: '/api/v1/payment-methods', headers: bearer(auth), payload: { ...BILLING, ...payload } }),
  update: (token: string, payload: Record<string, unknown>, auth = owner) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/payment-methods/${encodeURIComponent(token)}`,
      headers: bearer(auth),
      payload,
    }),
  remove: (token: string, auth = owner) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/payment-methods/${encodeURIComponent(token)}`, headers: bearer(auth) }),
};

async function listCards(auth = owner): Promise<PaymentMethod[]> {
  const response = await api.list(auth);
  expect(response.statusCode).toBe(200);
  return response.json().data.map((card: unknown) => paymentMethodSchema.strict().parse(card));
}

async function addCard(payload: Record<string, unknown>, auth = owner): Promise<PaymentMethod> {
  const response = await api.add(payload, auth);
  expect(response.statusCode, response.body).toBe(201);
  return paymentMethodSchema.parse(response.json().data);
}

async function switchLocation(auth: string, userId: number, locationId: number): Promise<void> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${userId}`,
    headers: bearer(auth),
    payload: { id: userId, active_location_id: locationId },
  });
  expect(response.statusCode).toBe(200);
}

async function deleteAll(auth = owner): Promise<void> {
  for (const card of await listCards(auth)) expect((await api.remove(card.token, auth)).statusCode).toBe(200);
}

describe('the test gateway endpoint', () => {
  it('answers a token and the card summary, outside /api/v1', async () => {
    const response = await tokenise('4242 4242 4242 4242');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const token = cardTokenSchema.parse(response.json());
    expect(token.card).toMatchObject({ brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(response.body).not.toContain('4242424242424242');
  });

  it('answers card problems the way providers do', async () => {
    const wrong = await tokenise('4242 4242 4242 4241');
    expect(wrong.statusCode).toBe(402);
    expect(wrong.json()).toEqual({
      error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' },
    });
    const noExpiry = await tokenise('4242424242424242', { exp_month: '', exp_year: '' });
    expect(noExpiry.json().error.message).toBe("Your card's expiration date is incomplete.");
    const shortCvc = await tokenise('4242424242424242', { cvc: '12' });
    expect(shortCvc.json().error).toMatchObject({ code: 'incomplete_cvc', message: "Your card's security code is incomplete." });
    const amexCvc = await tokenise('378282246310005', { cvc: '123' });
    expect(amexCvc.json().error.message).toBe("Your card's security code is incomplete.");
  });

  it('never echoes what it could not read', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/payment-gateway/test/tokens',
      headers: { 'content-type': 'application/json' },
      payload: '{"number":"4242424242424242","cvc":"123"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ type: 'invalid_request_error' });
    expect(response.body).not.toContain('4242');
    const wrongType = await tokenise('4242424242424242', { cvc: 123 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toMatchObject({ code: 'parameter_invalid', param: 'cvc' });
  });

  it('limits tokenise calls from one address', async () => {
    const from = '10.99.99.99';
    const call = () =>
      t.app.inject({ method: 'POST', url: '/payment-gateway/test/tokens', remoteAddress: from, payload: { number: '4242' } });
    for (let i = 0; i < 30; i += 1) expect((await call()).statusCode).toBe(402);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.type).toBe('rate_limit_error');
  });
});

describe('saved cards', () => {
  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payment-methods' })).statusCode).toBe(401);
  });

  it('starts empty, and the first card becomes the default', async () => {
    expect(await listCards()).toEqual([]);
    const token = await tokenFor('4242 4242 4242 4242');
    const card = await addCard({ token, nickname: ' Kitchen Visa ', cardId: 'card_test_x' });
    expect(card).toEqual({
      token,
      nickname: 'Kitchen Visa',
      last4: '4242',
      cardType: 'Visa',
      isDefault: true,
      address1: '140 Atlantic Avenue',
      address2: 'Suite 2',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      expMonth: 12,
      expYear: 2030,
    });
    const list = await api.list();
    expect(list.json()._meta).toEqual({ pageCount: 1, currentPage: 1, totalCount: 1 });
    expect((await api.get(token)).json().data).toEqual(card);
    await deleteAll();
  });

  it('keeps exactly one default: adding, choosing and deleting', async () => {
    const first = await addCard({ token: await tokenFor() });
    const second = await addCard({ token: await tokenFor('5555 5555 5555 4444'), default: false });
    expect(second).toMatchObject({ isDefault: false, cardType: 'MasterCard', last4: '4444' });
    const third = await addCard({ token: await tokenFor('3782 822463 10005', { cvc: '1234' }), default: 1 });
    expect(third).toMatchObject({ isDefault: true, cardType: 'American Express' });
    const defaults = () => listCards().then((cards) => cards.filter((c) => c.isDefault).map((c) => c.token));
    expect(await defaults()).toEqual([third.token]);
    // The list starts with the default.
    expect((await listCards())[0].token).toBe(third.token);

    const chosen = await api.update(first.token, { default: true });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.isDefault).toBe(true);
    expect(await defaults()).toEqual([first.token]);

    const unset = await api.update(first.token, { default: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json()).toMatchObject({
      code: 'default_required',
      message: 'A default card is required. Make another card the default instead.',
    });

    // Deleting the default promotes the newest card left (the American Express, added last).
    expect((await api.remove(first.token)).json()).toEqual({ data: { token: first.token, deleted: true } });
    expect(await defaults()).toEqual([third.token]);
    expect((await api.remove(second.token)).statusCode).toBe(200);
    expect(await defaults()).toEqual([third.token]);
    expect((await api.remove(third.token)).statusCode).toBe(200);
    expect(await listCards()).toEqual([]);
  });

  it('keeps one default when cards are added and chosen at the same time', async () => {
    const tokens = await Promise.all([1, 2, 3, 4].map(() => tokenFor()));
    const added = await Promise.all(tokens.map((token) => api.add({ token, default: true })));
    expect(added.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    await Promise.all(tokens.map((token) => api.update(token, { default: true })));
    const cards = await listCards();
    expect(cards).toHaveLength(4);
    expect(cards.filter((c) => c.isDefault)).toHaveLength(1);
    await deleteAll();
  });

  it('updates the nickname and billing address, never the card', async () => {
    const card = await addCard({ token: await tokenFor(), nickname: 'Old' });
    const response = await api.update(card.token, {
      nickname: 'Bar Visa',
      address_line1: '21 Seaport Boulevard',
      address_line2: '',
      address_city: 'Boston',
      address_state: 'ma',
      address_zip: '02210',
      last4: '0000',
      cardType: 'Discover',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...card,
      nickname: 'Bar Visa',
      address1: '21 Seaport Boulevard',
      address2: '',
      state: 'MA',
      zip: '02210',
    });
    // A partial update leaves the rest alone.
    const partial = await api.update(card.token, { nickname: '' });
    expect(partial.json().data).toMatchObject({ nickname: '', address1: '21 Seaport Boulevard', zip: '02210' });
    expect((await api.update(card.token, {})).json().data.nickname).toBe('');
    await deleteAll();
  });

  it('answers a repeated save of the same token with the card already saved', async () => {
    const token = await tokenFor();
    const first = await addCard({ token });
    const again = await api.add({ token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first);
    expect(await listCards()).toHaveLength(1);
    await deleteAll();
  });
});

describe('billing address rules (doc 3 §5)', () => {
  it('names every broken field with its message', async () => {
    const response = await api.add({
      token: await tokenFor(),
      address_line1: '  ',
      address_city: '',
      address_state: 'M1',
      address_zip: '0211',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_error');
    const byField = Object.fromEntries(body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toMatchObject({
      address_line1: 'Address line 1 is required.',
      address_city: 'City is required.',
      address_state: 'State must contain letters only.',
      address_zip: 'Zip must be exactly 5 digits.',
    });
    expect(await listCards()).toEqual([]);
  });

  it('checks state length, zip digits and the missing fields', async () => {
    const token = await tokenFor();
    const fieldMessages = async (payload: Record<string, unknown>) =>
      (await api.add({ token, ...payload }))
        .json()
        .errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);
    expect(await fieldMessages({ address_state: 'MAS' })).toContain('address_state: State must be 1 or 2 letters.');
    expect(await fieldMessages({ address_zip: '02a10' })).toContain('address_zip: Zip must contain digits only.');
    expect(await fieldMessages({ address_zip: '021100' })).toContain('address_zip: Zip must be exactly 5 digits.');
    expect(await fieldMessages({ address_state: undefined, address_zip: undefined })).toEqual(
      expect.arrayContaining(['address_state: State is required.', 'address_zip: Zip is required.']),
    );
    expect(await fieldMessages({ nickname: 'x'.repeat(51) })).toContain('nickname: Nickname must be at most 50 characters.');
  });

  it('applies the same rules to an update', async () => {
    const card = await addCard({ token: await tokenFor() });
    const response = await api.update(card.token, { address_zip: '123', address_city: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'address_zip', message: 'Zip must be exactly 5 digits.' },
        { field: 'address_city', message: 'City is required.' },
      ]),
    );
    expect((await api.get(card.token)).json().data.zip).toBe('02110');
    await deleteAll();
  });
});

describe('tokens the gateway did not issue', () => {
  it('refuses a forged or tampered token', async () => {
    const forged = await api.add({ token: 'tok_test_eyJ2IjoxfQ.forged' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      message: 'This card could not be verified. Please enter it again.',
      code: 'card_not_verified',
    });
    const real = await tokenFor();
    const [body] = real.split('.');
    const tampered = await api.add({ token: `${body}.${'A'.repeat(22)}` });
    expect(tampered.json().message).toBe('This card could not be verified. Please enter it again.');
    expect(await listCards()).toEqual([]);
  });
});

describe('location scope', () => {
  it("answers 404 for an unknown token and for another location's card", async () => {
    for (const response of [
      await api.get('tok_test_unknown.x'),
      await api.update('tok_test_unknown.x', { nickname: 'x' }),
      await api.remove('tok_test_unknown.x'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Credit Card Not Found', code: 'not_found' });
    }

    // The owner saves a card for Harbor Catering, where the chef is not a member.
    await switchLocation(owner, DEMO_IDS.users.owner, DEMO_IDS.locations.harborCatering);
    const catering = await addCard({ token: await tokenFor(), nickname: 'Catering' });
    expect((await listCards()).map((c) => c.token)).toEqual([catering.token]);

    expect(await listCards(chef)).toEqual([]);
    expect((await api.get(catering.token, chef)).statusCode).toBe(404);
    expect((await api.update(catering.token, { nickname: 'Mine now', default: true }, chef)).statusCode).toBe(404);
    expect((await api.remove(catering.token, chef)).statusCode).toBe(404);
    // Nor can the chef save that token for a location of theirs.
    const reuse = await api.add({ token: catering.token }, chef);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('card_not_verified');

    // The owner's other locations do not see it either.
    await switchLocation(owner, DEMO_IDS.users.owner, DEMO_IDS.locations.harborGrill);
    expect((await api.get(catering.token)).statusCode).toBe(404);
    expect(await listCards()).toEqual([]);

    await switchLocation(owner, DEMO_IDS.users.owner, DEMO_IDS.locations.harborCatering);
    expect((await api.get(catering.token)).json().data.nickname).toBe('Catering');
    await deleteAll();
    await switchLocation(owner, DEMO_IDS.users.owner, DEMO_IDS.locations.harborGrill);
  });
});

describe('authorising a saved card', () => {
  it('approves 4242 and declines 4000 0000 0000 0002 through app.paymentGateway', async () => {
    const good = await addCard({ token: await tokenFor('4242 4242 4242 4242') });
    const declined = await addCard({ token: await tokenFor('4000 0000 0000 0002') });
    expect(declined).toMatchObject({ cardType: 'Visa', last4: '0002' });
    const request = { amountCents: 25_000, currency: 'usd', idempotencyKey: 'order-42', description: 'Harbor Grill order' };
    expect(await t.app.paymentGateway.authorize({ ...request, token: good.token })).toMatchObject({ approved: true });
    expect(await t.app.paymentGateway.authorize({ ...request, token: declined.token })).toEqual({
      approved: false,
      declineCode: 'card_declined',
      declineReason: 'Your card was declined.',
    });
    await deleteAll();
  });
});

describe('what is stored', () => {
  /** Rows of every table (each row read as text, so every column counts) that match a pattern. */
  async function scanDatabase(operator: 'like' | '~', pattern: string): Promise<Record<string, number>> {
    const tables = await queryRows<{ table_schema: string; table_name: string }>(
      t.handle.db,
      sql`select table_schema, table_name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const hits: Record<string, number> = {};
    for (const { table_schema, table_name } of tables) {
      const table = sql`${sql.identifier(table_schema)}.${sql.identifier(table_name)}`;
      const condition = operator === 'like' ? sql`r::text like ${pattern}` : sql`r::text ~ ${pattern}`;
      const [row] = await queryRows<{ n: number }>(
        t.handle.db,
        sql`select count(*)::int as n from ${table} as r where ${condition}`,
      );
      if (row.n > 0) hits[`${table_schema}.${table_name}`] = row.n;
    }
    return hits;
  }

  it('keeps no card number and no security code anywhere in the database', async () => {
    const textColumns = await queryRows<{ table_name: string; column_name: string }>(
      t.handle.db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`,
    );
    expect(textColumns.some((c) => c.table_name === 'payment_methods' && c.column_name === 'token')).toBe(true);

    // A security code is only digits, so look for it as a value of its own (not inside a token or a hash),
    // and compare with before: demo data may hold the same digits for other reasons.
    const cvc = '7913';
    const cvcAlone = `(^|[^A-Za-z0-9_.-])${cvc}([^A-Za-z0-9_.-]|$)`;
    const before = await scanDatabase('~', cvcAlone);

    const token = await tokenFor('3782 822463 10005', { cvc });
    await addCard({ token, nickname: 'Scan test' });
    const saved = await queryRows<{ n: number }>(t.handle.db, sql`select count(*)::int as n from payment_methods`);
    expect(saved[0].n).toBe(1);

    expect(await scanDatabase('like', '%378282246310005%')).toEqual({});
    expect(await scanDatabase('like', '%3782 822463 10005%')).toEqual({});
    expect(await scanDatabase('like', '%82246310%')).toEqual({});
    expect(await scanDatabase('~', cvcAlone)).toEqual(before);
    await deleteAll();
  });
});
