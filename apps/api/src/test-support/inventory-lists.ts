import type { InventoryList } from '@stockpot/domain';
import { bearer, createTestApp, signInAs, type TestApp } from './test-app';

/** What the inventory-view tests start from: the app, the owner's and the chef's sessions, and Harbor Grill's demo lists. */
export interface InventoryTestSetup {
  t: TestApp;
  owner: string;
  chef: string;
  /** Harbor Grill's demo lists (doc 2), as the API answers them. */
  kitchen: InventoryList;
  bar: InventoryList;
}

/** A fresh app signed in as the owner and the chef of Harbor Grill, with its Kitchen and Bar lists. */
export async function openInventoryTestApp(): Promise<InventoryTestSetup> {
  const t = await createTestApp();
  const owner = await signInAs(t.app, 'owner@demo.test');
  const chef = await signInAs(t.app, 'chef@demo.test');
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/comparison-views/all-views', headers: bearer(owner) });
  const lists = response.json().data as InventoryList[];
  return {
    t,
    owner,
    chef,
    kitchen: lists.find((list) => list.name === 'Kitchen')!,
    bar: lists.find((list) => list.name === 'Bar')!,
  };
}
