import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_IDS } from '@stockpot/db/seed';
import { cartUpdateResponseSchema } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

const D = DEMO_IDS.distributors;
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
beforeEach(async () => {
  await t.handle.db.execute(sql`DELETE FROM cart_items`);
});

const request = { distributorId: D.coastalProduce, din: '', packSize: '', uom: 'case', description: 'Saffron threads, Spanish' };
const save = (itemList: Record<string, unknown>[], token = owner, lastModified: string | null = null) =>
  t.app.inject({ method: 'POST', url: '/api/v1/shopping-carts', headers: bearer(token), payload: { itemList, lastModified } });

describe('special requests through POST shopping-carts', () => {
  it('adds a special-request line for one of the location’s distributors', async () => {
    const response = await save([{ quantity: 2, specialItem: request }]);
    expect(response.statusCode).toBe(200);
    const cart = cartUpdateResponseSchema.parse(response.json().data);
    expect(cart.shoppingCart).toHaveLength(1);
    expect(cart.shoppingCart[0]).toMatchObject({
      quantity: 2,
      itemDistributorId: null,
      item: null,
      specialItem: {
        distributorId: D.coastalProduce,
        uom: 'case',
        description: 'Saffron threads, Spanish',
        distributorName: 'Coastal Produce Co.',
        din: '',
        packSize: '',
      },
    });
  });

  it('keeps the DIN and pack size it was sent with, also through a quantity change and a reload', async () => {
    const detailed = { ...request, din: 'CPC-99812', packSize: '6/1 LB' };
    const added = cartUpdateResponseSchema.parse((await save([{ quantity: 1, specialItem: detailed }])).json().data);
    const line = added.shoppingCart[0];
    expect(line.specialItem).toMatchObject({ din: 'CPC-99812', packSize: '6/1 LB', uom: 'case' });
    // A change of quantity alone keeps them.
    const stepped = await save([{ shoppingCartId: line.id, quantity: 3 }], owner, added.lastModified);
    expect(stepped.statusCode).toBe(200);
    const reloaded = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(chef) });
    expect(reloaded.json().data.shoppingCart).toMatchObject([
      {
        id: line.id,
        quantity: 3,
        specialItem: { din: 'CPC-99812', packSize: '6/1 LB', description: 'Saffron threads, Spanish' },
      },
    ]);
  });

  it('changes and removes a special-request line by its cart id', async () => {
    const added = cartUpdateResponseSchema.parse((await save([{ quantity: 1, specialItem: request }])).json().data);
    const id = added.shoppingCart[0].id;
    const changed = await save(
      [{ shoppingCartId: id, quantity: 4, specialItem: { ...request, uom: 'lb', description: 'Saffron, 1 lb' } }],
      owner,
      added.lastModified,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.shoppingCart[0]).toMatchObject({
      id,
      quantity: 4,
      specialItem: { uom: 'lb', description: 'Saffron, 1 lb' },
    });
    // A client that never loaded the cart is told the line exists, and changes nothing.
    const blind = await save([{ shoppingCartId: id, quantity: 0 }]);
    expect(blind.json().data.sameModifiedItems).toEqual([
      { shoppingCartId: id, itemDistributorId: null, name: 'Saffron, 1 lb', currentQuantity: 4, requestedQuantity: 0 },
    ]);
    const removed = await save([{ shoppingCartId: id, quantity: 0 }], owner, changed.json().data.lastModified);
    expect(removed.json().data.shoppingCart).toEqual([]);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    [
      'no distributor',
      { quantity: 1, specialItem: { ...request, distributorId: undefined } },
      'itemList.0.specialItem.distributorId',
      'Distributor is required.',
    ],
    ['no unit', { quantity: 1, specialItem: { ...request, uom: '' } }, 'itemList.0.specialItem.uom', 'Unit is required.'],
    [
      'an unknown unit',
      { quantity: 1, specialItem: { ...request, uom: 'pallet' } },
      'itemList.0.specialItem.uom',
      'Choose a unit from the list.',
    ],
    [
      'a short description',
      { quantity: 1, specialItem: { ...request, description: ' ab ' } },
      'itemList.0.specialItem.description',
      'Description must be at least 3 characters.',
    ],
    [
      'no description',
      { quantity: 1, specialItem: { ...request, description: undefined } },
      'itemList.0.specialItem.description',
      'Description must be at least 3 characters.',
    ],
    ['a fractional quantity', { quantity: 1.5, specialItem: request }, 'itemList.0.quantity', 'Quantity must be a whole number.'],
  ];
  for (const [what, entry, field, message] of invalid) {
    it(`refuses ${what}: '${message}'`, async () => {
      const response = await save([entry]);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
      expect(response.json().message).toBe(`${field}: ${message}`);
    });
  }

  it("refuses a quantity of 0: 'Quantity must be greater than 0.'", async () => {
    const response = await save([{ quantity: 0, specialItem: request }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Quantity must be greater than 0.',
      code: 'invalid_special_request',
      errors: [{ field: 'quantity', message: 'Quantity must be greater than 0.' }],
    });
  });

  it('refuses a distributor the location does not buy from with 404', async () => {
    // Harbor Grill Express has no account with Prime Cut Meats; 999 is no distributor at all.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${DEMO_IDS.users.chef}`,
      headers: bearer(chef),
      payload: { id: DEMO_IDS.users.chef, active_location_id: DEMO_IDS.locations.harborGrillExpress },
    });
    try {
      for (const distributorId of [D.primeCutMeats, 999]) {
        const response = await save([{ quantity: 1, specialItem: { ...request, distributorId } }], chef);
        // A foreign id answers 404, as everywhere (issue 14 defect 12).
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Distributor not found.', code: 'not_found' });
      }
      expect((await save([{ quantity: 1, specialItem: { ...request, distributorId: D.harborline } }], chef)).statusCode).toBe(
        200,
      );
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${DEMO_IDS.users.chef}`,
        headers: bearer(chef),
        payload: { id: DEMO_IDS.users.chef, active_location_id: DEMO_IDS.locations.harborGrill },
      });
    }
  });

  it('saves nothing of a request with an invalid special request', async () => {
    const response = await save([
      { quantity: 1, specialItem: request },
      // Refused by the special-request rules after the first entry was taken (a foreign distributor is a 404 now).
      { quantity: 0, specialItem: request },
    ]);
    expect(response.statusCode).toBe(400);
    const cart = await t.app.inject({ method: 'GET', url: '/api/v1/shopping-carts', headers: bearer(owner) });
    expect(cart.json().data.shoppingCart).toEqual([]);
  });
});
