import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';

/**
 * A suggested line added to the cart (issue 37 "It learns"): the cases suggested, the cases the buyer
 * chose, and by whom. The group's name is kept so the report reads the same after a rename or delete.
 */
export const suggestedOrderChoices = pgTable(
  'suggested_order_choices',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    genericGroupId: integer('generic_group_id').notNull(),
    groupName: text('group_name').notNull(),
    itemDistributorId: integer('item_distributor_id'),
    suggested: integer('suggested').notNull(),
    ordered: integer('ordered').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suggested_order_choices_location_group_idx').on(t.locationId, t.genericGroupId, t.createdAt)],
);
