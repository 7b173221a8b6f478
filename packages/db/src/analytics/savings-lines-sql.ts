/**
 * Distributor and inventory-view savings per order line (docs/decisions.md "Analytics", issue 32):
 * what the cheapest comparable alternative would have cost more than the line, on prices per base
 * unit (g, ml, piece) of one kind — a gallon price and a fluid-ounce price are both per millilitre
 * here, and a pound price never meets a gallon price. The daily aggregate sums these rows; GET
 * analytics/savings-lines lists them, so a figure and its lines are one computation.
 */
import { sql, type SQL } from 'drizzle-orm';
import { saleContentColumns } from '../read-model/item-sql';

/** A catalogue offer's price for the location: its order guide price, else the list price. */
const offerPrice = sql`coalesce(ali.price, alt.price)`;

/**
 * The offer `alt`'s content per unit of sale as a lateral `altc (key, base)`, computed once per row
 * (OFFSET 0 keeps the planner from repeating the expression wherever it is used).
 */
function altContentLateral(): SQL {
  const content = saleContentColumns('alt');
  return sql`CROSS JOIN LATERAL (SELECT ${content.key} AS key, ${content.base} AS base OFFSET 0) altc`;
}

/**
 * CTEs after an `ords (id, location_id, distributor_id, day)` CTE of purchases, ending in
 * `line_savings (id, order_id, day, distributor_id, item_distributor_id, quantity, price, unit_base,
 * kind, alt_item_distributor_id, alt_price, alt_base, saving)`: one row per priced line not from an
 * accepted swap that has a comparable alternative. `kind` is 'distributor' when another of the
 * location's distributors sells the same item comparably (an exact match), else 'inventory_view'
 * for the cheapest other item of the line's generic groups. `saving` is in dollars, never below 0,
 * rounded per line to the cent: (alternative's price per base unit − the line's) × base units bought.
 */
export function lineSavingsCtes(locationId: number): SQL {
  const content = saleContentColumns('idd');
  return sql`lines AS (
      SELECT oi.id, o.id AS order_id, o.day, o.distributor_id, oi.quantity, oi.price, oi.item_distributor_id, idd.item_id,
             c.key AS unit_key, c.base AS unit_base
      FROM ords o
      JOIN order_items oi ON oi.order_id = o.id AND oi.location_id = o.location_id
      JOIN item_distributors idd ON idd.id = oi.item_distributor_id
      CROSS JOIN LATERAL (SELECT ${content.key} AS key, ${content.base} AS base OFFSET 0) c
      WHERE NOT oi.is_special AND NOT oi.is_market_price AND oi.quantity > 0 AND oi.price > 0
        AND c.key IS NOT NULL AND c.base > 0
        AND NOT EXISTS (SELECT 1 FROM item_swaps s WHERE s.location_id = o.location_id AND s.order_id = o.id
                          AND s.type = 'swap' AND s.new_item_distributor_id = oi.item_distributor_id)
    ),
    exact AS (
      SELECT DISTINCT ON (l.id) l.id, alt.id AS alt_id, ${offerPrice} AS alt_price, altc.base AS alt_base
      FROM lines l
      JOIN item_distributors alt ON alt.item_id = l.item_id AND alt.distributor_id <> l.distributor_id AND alt.status = 'active'
      JOIN location_distributors ld ON ld.location_id = ${locationId} AND ld.distributor_id = alt.distributor_id
      LEFT JOIN location_items ali ON ali.location_id = ${locationId} AND ali.item_distributor_id = alt.id
      ${altContentLateral()}
      WHERE NOT alt.is_market_price AND altc.key = l.unit_key AND altc.base > 0 AND ${offerPrice} > 0
      ORDER BY l.id, ${offerPrice} / altc.base, alt.id
    ),
    grouped AS (
      SELECT DISTINCT ON (l.id) l.id, alt.id AS alt_id, ${offerPrice} AS alt_price, altc.base AS alt_base
      FROM lines l
      JOIN inventory_group_items gi ON gi.location_id = ${locationId} AND gi.kind = 'item' AND gi.item_distributor_id = l.item_distributor_id
      JOIN inventory_group_items gj ON gj.group_id = gi.group_id AND gj.kind = 'item' AND gj.item_distributor_id <> l.item_distributor_id
      JOIN item_distributors alt ON alt.id = gj.item_distributor_id AND alt.item_id <> l.item_id AND alt.status = 'active'
      LEFT JOIN location_items ali ON ali.location_id = ${locationId} AND ali.item_distributor_id = alt.id
      ${altContentLateral()}
      WHERE NOT alt.is_market_price AND altc.key = l.unit_key AND altc.base > 0 AND ${offerPrice} > 0
        AND l.id NOT IN (SELECT id FROM exact)
      ORDER BY l.id, ${offerPrice} / altc.base, alt.id
    ),
    line_savings AS (
      SELECT l.id, l.order_id, l.day, l.distributor_id, l.item_distributor_id, l.quantity, l.price, l.unit_base,
             CASE WHEN e.id IS NOT NULL THEN 'distributor' ELSE 'inventory_view' END AS kind,
             a.alt_id AS alt_item_distributor_id, a.alt_price, a.alt_base,
             round(greatest(a.alt_price * l.unit_base * l.quantity / a.alt_base - l.price * l.quantity, 0), 2) AS saving
      FROM lines l
      LEFT JOIN exact e ON e.id = l.id
      LEFT JOIN grouped g ON g.id = l.id
      CROSS JOIN LATERAL (SELECT coalesce(e.alt_id, g.alt_id) AS alt_id, coalesce(e.alt_price, g.alt_price) AS alt_price,
                                 coalesce(e.alt_base, g.alt_base) AS alt_base) a
      WHERE e.id IS NOT NULL OR g.id IS NOT NULL
    )`;
}
