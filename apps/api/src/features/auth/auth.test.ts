import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ANONYMOUS_AUTH_KEY, currentUserSchema, signedInUserSchema } from '@stockpot/domain';
import { queryRows } from '@stockpot/db';
import { DEMO_IDS } from '@stockpot/db/seed';
import { AUTH_SECRET, bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: 3 });
});
afterAll(async () => {
  await t?.close();
});

const authenticate = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/authenticate', payload, remoteAddress });

describe('POST /api/v1/authenticate', () => {
  it('signs the owner in and answers the user with an auth key', async () => {
    const response = await authenticate({ email: 'Owner@Demo.test', password: 'demo1234', company_id: '1', secret: AUTH_SECRET });
    expect(response.statusCode).toBe(200);
    const user = signedInUserSchema.parse(response.json().data);
    expect(user.email).toBe('owner@demo.test');
    expect(user.title).toBe('Owner');
    expect(user.currentRole).toBe('member');
    expect(user.authKey.length).toBeGreaterThanOrEqual(40);
    expect(user.locations.map((l) => l.nickname)).toEqual(['Harbor Grill', 'Harbor Grill Express', 'Harbor Catering']);
    expect(user.activeLocation?.id).toBe(DEMO_IDS.locations.harborGrill);
  });

  it('stores only a hash of the session token', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const rows = await queryRows<{ token_hash: string }>(t.handle.db, sql`select token_hash from sessions`);
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('refuses a wrong password with 400 and the server message', async () => {
    const response = await authenticate(
      { email: 'chef@demo.test', password: 'wrong', company_id: '1', secret: AUTH_SECRET },
      '10.0.0.2',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Incorrect email or password.', code: 'invalid_credentials' });
  });

  it('gives an unknown e-mail the same answer as a wrong password', async () => {
    const response = await authenticate({
      email: 'nobody@demo.test',
      password: 'demo1234',
      company_id: '1',
      secret: AUTH_SECRET,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Incorrect email or password.');
  });

  it('refuses another company and a wrong client secret', async () => {
    const otherCompany = await authenticate({
      email: 'owner@demo.test',
      password: 'demo1234',
      company_id: '2',
      secret: AUTH_SECRET,
    });
    expect(otherCompany.statusCode).toBe(400);
    const badSecret = await authenticate({ email: 'owner@demo.test', password: 'demo1234', company_id: '1', secret: 'nope' });
    expect(badSecret.statusCode).toBe(400);
    expect(badSecret.json()).toMatchObject({ code: 'invalid_client' });
  });

  it('names each invalid field', async () => {
    const response = await authenticate({ email: 'not-an-email', company_id: '1', secret: AUTH_SECRET });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_error');
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('throttles repeated failures for one e-mail and address, and leaves others alone', async () => {
    const attempt = (password: string, address = '10.9.9.9') =>
      authenticate({ email: 'owner@demo.test', password, company_id: '1', secret: AUTH_SECRET }, address);
    for (let i = 0; i < 3; i += 1) expect((await attempt('guess')).statusCode).toBe(400);
    const blocked = await attempt('demo1234');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Please wait \d+ minute\(s\) and try again\.$/);
    expect((await attempt('demo1234', '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 without a token or with an unknown one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Please login with proper credentials.', code: 'unauthorized' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer('forged') });
    expect(unknown.statusCode).toBe(401);
  });

  it('takes the default anonymous key a signed-out client sends: public routes answer, private ones 401', async () => {
    const anonymous = bearer(ANONYMOUS_AUTH_KEY);
    const privateRoute = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: anonymous });
    expect(privateRoute.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authenticate',
      headers: anonymous,
      payload: { email: 'chef@demo.test', password: 'demo1234', company_id: '1', secret: AUTH_SECRET },
      remoteAddress: '10.7.7.7',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers the current user in its contract shape', async () => {
    const token = await signInAs(t.app, 'owner@demo.test');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const user = currentUserSchema.strict().parse(response.json().data);
    expect(user).not.toHaveProperty('authKey');
    const grill = user.locations.find((l) => l.nickname === 'Harbor Grill');
    expect(grill).toMatchObject({
      display_comparison_view: 1,
      display_accounting: 1,
      display_recipe_costing: 1,
      canPlaceOrder: true,
    });
    const express = user.locations.find((l) => l.nickname === 'Harbor Grill Express');
    expect(express).toMatchObject({ display_comparison_view: 0, display_accounting: 0, display_recipe_costing: 0 });
    const catering = user.locations.find((l) => l.nickname === 'Harbor Catering');
    expect(catering).toMatchObject({ canPlaceOrder: false, display_shopping_cart: 0 });
  });

  it('revokes the session on logout', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('shows every location and company field as the tables hold it (the named statements against a select of every column)', async () => {
    // A location made by the sign-up wizard carries its restaurant's own name; the demo's the company's title.
    await t.handle.db.execute(sql`UPDATE companies SET spinner_image_url = NULL, description = 'Harbor group' WHERE id = 1`);
    await t.handle.db.execute(
      sql`UPDATE locations SET active_inventory_id = NULL, display_rebate = true WHERE id = ${DEMO_IDS.locations.harborCatering}`,
    );
    const token = await signInAs(t.app, 'owner@demo.test');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    const answer = currentUserSchema.parse(response.json().data);
    const rows = await queryRows<Record<string, unknown>>(
      t.handle.db,
      sql`SELECT l.*, c.id AS c_id, c.nickname AS c_nickname, c.title AS c_title, c.description AS c_description, c.domain AS c_domain,
                 c.website AS c_website, c.logo_url AS c_logo_url, c.spinner_image_url AS c_spinner, c.favico AS c_favico,
                 c.main_color AS c_main, c.secondary_color AS c_secondary, r.business_name
          FROM user_locations ul JOIN locations l ON l.id = ul.location_id JOIN companies c ON c.id = l.company_id
          LEFT JOIN restaurant_locations rl ON rl.location_id = l.id LEFT JOIN restaurants r ON r.id = rl.restaurant_id
          JOIN users u ON u.id = ul.user_id WHERE u.email = 'owner@demo.test' ORDER BY l.id`,
    );
    const flag = (value: unknown) => (value ? 1 : 0);
    expect(answer.locations).toEqual(
      rows.map((row) => ({
        id: row.id,
        nickname: row.nickname,
        businessName: row.business_name ?? row.c_title,
        timezone: row.timezone,
        company: {
          id: row.c_id,
          nickname: row.c_nickname,
          title: row.c_title,
          description: row.c_description,
          domain: row.c_domain,
          website: row.c_website,
          logo_url: row.c_logo_url,
          spinner_image_url: row.c_spinner,
          favico: row.c_favico,
          main_color: row.c_main,
          secondary_color: row.c_secondary,
        },
        canPlaceOrder: row.can_place_order,
        display_accounting: flag(row.display_accounting),
        display_recipe_costing: flag(row.display_recipe_costing),
        display_comparison_view: flag(row.display_comparison_view),
        display_shopping_cart: flag(row.display_shopping_cart),
        display_rebate: flag(row.display_rebate),
        display_match: flag(row.display_match),
        display_inventory: flag(row.display_inventory),
        onHandTotal: 0,
        activeInventory: row.active_inventory_id,
      })),
    );
    expect(answer.locations.find((l) => l.id === DEMO_IDS.locations.harborCatering)).toMatchObject({ display_rebate: 1 });
    expect(answer.locations[0].company).toMatchObject({ spinner_image_url: null, description: 'Harbor group' });
  });

  it('signs the administrator in with the admin role and no locations', async () => {
    const response = await authenticate({ email: 'admin@demo.test', password: 'demo1234', company_id: '1', secret: AUTH_SECRET });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ currentRole: 'admin', activeLocation: null, locations: [] });
  });
});

describe('PUT /api/v1/users/{id} (switch location)', () => {
  const switchTo = (token: string, userId: number, locationId: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${userId}`,
      headers: bearer(token),
      payload: { id: userId, active_location_id: locationId },
    });

  it('switches to a location the user belongs to', async () => {
    const token = await signInAs(t.app, 'owner@demo.test');
    const response = await switchTo(token, DEMO_IDS.users.owner, DEMO_IDS.locations.harborGrillExpress);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.activeLocation).toMatchObject({ nickname: 'Harbor Grill Express', display_comparison_view: 0 });
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    expect(again.json().data.activeLocation.id).toBe(DEMO_IDS.locations.harborGrillExpress);
    await switchTo(token, DEMO_IDS.users.owner, DEMO_IDS.locations.harborGrill);
  });

  it('refuses a location the user does not belong to and leaves the active one', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const response = await switchTo(token, DEMO_IDS.users.chef, DEMO_IDS.locations.harborCatering);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Location not found.', code: 'not_found' });
    const current = await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(token) });
    expect(current.json().data.activeLocation.id).toBe(DEMO_IDS.locations.harborGrill);
  });

  it("refuses to change another user's record", async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const response = await switchTo(token, DEMO_IDS.users.owner, DEMO_IDS.locations.harborGrill);
    expect(response.statusCode).toBe(404);
  });

  it('refuses a location id that is not a number', async () => {
    const token = await signInAs(t.app, 'chef@demo.test');
    const response = await switchTo(token, DEMO_IDS.users.chef, 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('active_location_id');
  });
});

describe('platform', () => {
  it('answers health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('ok');
  });

  it('publishes the OpenAPI document with the auth paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/authenticate', '/api/v1/users/current-user']),
    );
  });

  it('answers unknown API paths with a JSON 404 and sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});
