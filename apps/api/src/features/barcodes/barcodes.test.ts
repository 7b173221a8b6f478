import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOffer, type BuiltOffer } from '@stockpot/db/factories';
import { DEMO_IDS } from '@stockpot/db/seed';
import { barcodeItemSchema, toCaseGtin } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from '../../test-support/test-app';

/** Barcodes (issue 40): link a scanned GTIN to an item, find it by unit and by case code, per location. */
let t: TestApp;
let owner: string;
let chips: BuiltOffer;
let salsa: BuiltOffer;
let expressOnly: BuiltOffer;
const GRILL = DEMO_IDS.locations.harborGrill;
const EXPRESS = DEMO_IDS.locations.harborGrillExpress;
// A real UPC-A (12 digits) and its case code at packaging level 1; an EAN-13 for a second item.
const UNIT_UPC = '049000028911';
const CASE_ITF14 = toCaseGtin(UNIT_UPC, 1);
const SALSA_EAN = '6291041500213';

const at = (location: number) => ({ ...bearer(owner), 'x-location-id': String(location) });
const link = (location: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/barcodes', headers: at(location), payload });
const lookup = (location: number, gtin: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/barcodes/${encodeURIComponent(gtin)}`, headers: at(location) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAs(t.app, 'owner@demo.test');
  chips = await buildOffer(t.handle.db, { locationId: GRILL, item: { name: 'Tortilla chips 6/2 LB' }, offer: { brand: 'Casa' } });
  salsa = await buildOffer(t.handle.db, { locationId: GRILL, item: { name: 'Salsa roja' } });
  expressOnly = await buildOffer(t.handle.db, { locationId: EXPRESS, item: { name: 'Express only lemons' } });
});
afterAll(async () => {
  await t?.close();
});

describe('linking a barcode', () => {
  it('links a unit UPC to an item, and a scan of its unit or of its case finds that item', async () => {
    expect(CASE_ITF14).toBe('10049000028918');
    const linked = await link(GRILL, { gtin: UNIT_UPC, itemDistributorId: chips.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(barcodeItemSchema.parse(linked.json().data)).toMatchObject({
      gtin: UNIT_UPC,
      itemDistributorId: chips.id,
      itemId: chips.itemId,
      din: chips.din,
      brand: 'Casa',
      packSize: chips.packSize,
    });

    const byUnit = await lookup(GRILL, UNIT_UPC);
    expect(byUnit.statusCode, byUnit.body).toBe(200);
    expect(byUnit.json().data).toMatchObject({ itemDistributorId: chips.id, gtin: UNIT_UPC, scannedGtin: UNIT_UPC });

    const byCase = await lookup(GRILL, CASE_ITF14);
    expect(byCase.statusCode, byCase.body).toBe(200);
    expect(byCase.json().data).toMatchObject({ itemDistributorId: chips.id, gtin: UNIT_UPC, scannedGtin: CASE_ITF14 });
    // Typed as printed under the bars, with spaces.
    expect((await lookup(GRILL, '0 49000 02891 1')).json().data.itemDistributorId).toBe(chips.id);
  });

  it('links a case code and finds the item by the EAN-13 of the unit inside', async () => {
    const linked = await link(GRILL, { gtin: toCaseGtin(SALSA_EAN, 3), itemDistributorId: salsa.id });
    expect(linked.statusCode, linked.body).toBe(200);
    const byUnit = await lookup(GRILL, SALSA_EAN);
    expect(byUnit.statusCode, byUnit.body).toBe(200);
    expect(byUnit.json().data).toMatchObject({ itemDistributorId: salsa.id, description: 'Salsa roja' });
  });

  it('moves a barcode linked by mistake to the item it belongs to', async () => {
    const code = '012345678905';
    expect((await link(GRILL, { gtin: code, itemDistributorId: chips.id })).statusCode).toBe(200);
    expect((await link(GRILL, { gtin: code, itemDistributorId: salsa.id })).statusCode).toBe(200);
    expect((await lookup(GRILL, code)).json().data.itemDistributorId).toBe(salsa.id);
  });
});

describe('refusals', () => {
  it('answers a wrong check digit with a 400 that says which digit it should be', async () => {
    const wrong = '049000028912';
    for (const response of [await lookup(GRILL, wrong), await link(GRILL, { gtin: wrong, itemDistributorId: chips.id })]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'gtin', message: expect.any(String) }]);
      expect(response.json().message).toContain(
        'The barcode 049000028912 does not check out: its last digit should be 1. Check the digits, or scan it again.',
      );
    }
    const short = await lookup(GRILL, '12345678');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('A barcode has 12, 13 or 14 digits');
    const letters = await link(GRILL, { gtin: 'abc', itemDistributorId: chips.id });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().message).toContain('A barcode has only digits');
  });

  it('keeps one location’s links from another: its scan is 404, and it cannot link an item it does not carry', async () => {
    const unknownHere = await lookup(EXPRESS, UNIT_UPC);
    expect(unknownHere.statusCode, unknownHere.body).toBe(404);
    expect(unknownHere.json()).toMatchObject({ code: 'not_found', message: `An item for barcode ${UNIT_UPC} not found.` });

    expect((await link(GRILL, { gtin: '036000291452', itemDistributorId: expressOnly.id })).statusCode).toBe(404);
    expect((await link(EXPRESS, { gtin: UNIT_UPC, itemDistributorId: chips.id })).statusCode).toBe(404);
    // Express links the same code to its own item; Harbor Grill still finds its own.
    expect((await link(EXPRESS, { gtin: UNIT_UPC, itemDistributorId: expressOnly.id })).statusCode).toBe(200);
    expect((await lookup(EXPRESS, CASE_ITF14)).json().data.itemDistributorId).toBe(expressOnly.id);
    expect((await lookup(GRILL, CASE_ITF14)).json().data.itemDistributorId).toBe(chips.id);
  });

  it('asks for a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/barcodes/${UNIT_UPC}` });
    expect(response.statusCode).toBe(401);
  });
});
