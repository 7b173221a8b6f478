/**
 * Demo inventory comparison view (doc 2): Harbor Grill, the location with the comparison view on,
 * gets the lists "Kitchen" and "Bar", each with generic groups that link the same product from
 * several distributors, a custom item bought at a cash-and-carry, par levels in the group's unit
 * and on-hand counts on the first items. Items are picked by name, first one per distributor (the
 * most purchased), then further packs, so the groups hold real alternatives; totals come from the
 * domain's rule.
 */
import { sql } from 'drizzle-orm';
import { getOnHandTotals, parseCents, toDecimalString } from '@stockpot/domain';
import type { Database } from '../src/client';
import { effectivePriceSql } from '../src/read-model/item-sql';
import { DEMO_IDS } from './demo-accounts';
import { queryRows } from './sql-helpers';

interface DemoGroup {
  name: string;
  /** i.name ILIKE this. */
  pattern: string;
  /** units.rules id: 1 case, 18 gal, 24 lb, 41 dozen. */
  unitId: number;
  parLevel: number;
  /** Cases, packs, units on hand of the first items linked. */
  counts: [number, number, number][];
  custom?: { description: string; distributor: string; price: number; packSize: string; counts: [number, number, number] };
}

export const DEMO_INVENTORY_LISTS: { name: string; groups: DemoGroup[] }[] = [
  {
    name: 'Kitchen',
    groups: [
      {
        name: 'Chicken breast',
        pattern: 'Chicken Breast Boneless Skinless%',
        unitId: 24,
        parLevel: 80,
        counts: [
          [1, 0, 6],
          [0, 2, 0],
        ],
      },
      {
        name: 'Yellow onions',
        pattern: 'Onion Yellow%',
        unitId: 24,
        parLevel: 100,
        counts: [[0, 0, 20]],
        custom: {
          description: 'Yellow onions, cash & carry',
          distributor: 'Restaurant Depot',
          price: 1_850,
          packSize: '1/25 LB',
          counts: [1, 0, 0],
        },
      },
      { name: 'Heavy cream', pattern: 'Cream Heavy%', unitId: 18, parLevel: 6, counts: [[1, 2, 0]] },
      { name: 'Butter', pattern: 'Butter %', unitId: 24, parLevel: 30, counts: [[0, 12, 0]] },
      { name: 'Half & half', pattern: 'Half & Half%', unitId: 18, parLevel: 4, counts: [[0, 6, 0]] },
      { name: 'Large eggs', pattern: 'Egg Shell Large%', unitId: 41, parLevel: 30, counts: [[1, 0, 0]] },
      { name: 'Lemons', pattern: 'Lemon %', unitId: 1, parLevel: 2, counts: [[0, 0, 45]] },
      { name: 'Russet potatoes', pattern: 'Potato Russet%', unitId: 24, parLevel: 100, counts: [[1, 0, 0]] },
    ],
  },
  {
    name: 'Bar',
    groups: [
      { name: 'Tonic water', pattern: 'Tonic Water%', unitId: 1, parLevel: 3, counts: [[1, 6, 0]] },
      { name: 'Club soda', pattern: 'Club Soda%', unitId: 1, parLevel: 3, counts: [[2, 0, 0]] },
      { name: 'Oranges', pattern: 'Orange %', unitId: 1, parLevel: 2, counts: [[0, 0, 60]] },
      {
        name: 'Limes',
        pattern: 'Lime Persian%',
        unitId: 1,
        parLevel: 2,
        counts: [[0, 0, 0]],
        custom: {
          description: 'Limes, farmers market',
          distributor: 'Harbor Farmers Market',
          price: 2_400,
          packSize: '1/200 EA',
          counts: [0, 0, 80],
        },
      },
      { name: 'Ginger beer', pattern: 'Ginger Beer%', unitId: 1, parLevel: 2, counts: [] },
    ],
  },
];

/** Most items linked per group (one per distributor). */
const ITEMS_PER_GROUP = 4;

export async function seedInventory(db: Database, today: string): Promise<void> {
  const locationId = DEMO_IDS.locations.harborGrill;
  for (const [listIndex, list] of DEMO_INVENTORY_LISTS.entries()) {
    const [listRow] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO inventory_lists (location_id, name, sort, user_id) VALUES (${locationId}, ${list.name}, ${listIndex}, ${DEMO_IDS.users.owner}) RETURNING id`,
    );
    for (const [groupIndex, group] of list.groups.entries()) {
      const [groupRow] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO inventory_groups (location_id, inventory_list_id, name, sort, par_level, unit_id)
            VALUES (${locationId}, ${listRow.id}, ${group.name}, ${groupIndex}, ${String(group.parLevel)}::numeric, ${group.unitId}) RETURNING id`,
      );
      const picked = await queryRows<{ id: number; packSize: string; unitMeasure: string; price: string }>(
        db,
        sql`SELECT id, "packSize", "unitMeasure", price FROM (
              SELECT d.id, d.pack_size AS "packSize", d.unit_measure AS "unitMeasure",
                     ${effectivePriceSql('li', today)}::text AS price, li.purchased_quantity AS purchased,
                     row_number() OVER (PARTITION BY d.distributor_id
                                        ORDER BY li.is_punched_out, li.purchased_quantity DESC, d.id) AS rank_in_distributor
              FROM location_items li
              JOIN item_distributors d ON d.id = li.item_distributor_id
              JOIN items i ON i.id = d.item_id
              WHERE li.location_id = ${locationId} AND i.name ILIKE ${group.pattern}) ranked
            ORDER BY rank_in_distributor, purchased DESC, id
            LIMIT ${ITEMS_PER_GROUP}`,
      );
      for (const [index, item] of picked.entries()) {
        const [onHand, onHandPack, onHandUom] = group.counts[index] ?? [0, 0, 0];
        const totals = getOnHandTotals(
          { packSize: item.packSize, unitMeasure: item.unitMeasure, price: parseCents(item.price) },
          { onHand, onHandPack, onHandUom },
        );
        await db.execute(
          sql`INSERT INTO inventory_group_items (location_id, group_id, kind, item_distributor_id, is_preferred, on_hand, on_hand_pack,
                                                 on_hand_uom, total_on_hand, total_on_hand_amount, sort_index)
              VALUES (${locationId}, ${groupRow.id}, 'item', ${item.id}, ${index === 1 && groupIndex === 0},
                      ${String(onHand)}::numeric, ${String(onHandPack)}::numeric, ${String(onHandUom)}::numeric,
                      ${String(totals.totalOnHand)}::numeric, ${toDecimalString(totals.totalOnHandAmount, 2)}::numeric, ${index + 1})`,
        );
      }
      if (group.custom) {
        const c = group.custom;
        const [onHand, onHandPack, onHandUom] = c.counts;
        const totals = getOnHandTotals(
          { packSize: c.packSize, unitMeasure: 'CS', price: c.price },
          { onHand, onHandPack, onHandUom },
        );
        await db.execute(
          sql`INSERT INTO inventory_group_items (location_id, group_id, kind, description, distributor_name, unit_measure, price,
                                                 custom_pack_size, din, brand, on_hand, on_hand_pack, on_hand_uom, total_on_hand,
                                                 total_on_hand_amount, sort_index)
              VALUES (${locationId}, ${groupRow.id}, 'custom', ${c.description}, ${c.distributor}, 'CS',
                      ${toDecimalString(c.price, 2)}::numeric, ${c.packSize}, '', '', ${String(onHand)}::numeric,
                      ${String(onHandPack)}::numeric, ${String(onHandUom)}::numeric, ${String(totals.totalOnHand)}::numeric,
                      ${toDecimalString(totals.totalOnHandAmount, 2)}::numeric, ${picked.length + 1})`,
        );
      }
    }
  }
}
