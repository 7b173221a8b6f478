import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_ORDERING_TERMS, sortWeekdays, toDecimalString, type OrderingTerms } from '@stockpot/domain';

/**
 * What sign-up and the Distributor page share about a location's distributors (issue 31): the
 * ordering-terms columns of location_distributors, and which distributors a location may see.
 */
export function toOrderingTermsColumns(terms: OrderingTerms = DEFAULT_ORDERING_TERMS) {
  return {
    deliveryWeekdays: sortWeekdays(terms.deliveryWeekdays),
    orderCutoffTime: terms.orderCutoffTime,
    orderCutoffDaysBefore: terms.orderCutoffDaysBefore,
    minOrderAmount: toDecimalString(terms.minOrderAmount, 2),
    isMinOrderAmountRequired: terms.isMinOrderAmountRequired,
    // Either flag makes the minimum required (doc 1 §5), so the terms' one answer clears the other.
    skipMinOrder: false,
    deliveryFee: toDecimalString(terms.deliveryFee, 2),
  };
}

/**
 * A condition on `d` (distributors) true for the distributors the location may find and add: the
 * directory, and the private ones its own location or restaurant added. Demo distributors and
 * other restaurants' private ones stay out.
 */
export function isDistributorVisibleSql(locationId: number): SQL {
  return sql`(d.in_directory
    OR d.owner_location_id = ${locationId}
    OR d.owner_restaurant_id = (SELECT rl.restaurant_id FROM restaurant_locations rl WHERE rl.location_id = ${locationId}))`;
}
