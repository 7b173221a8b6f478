import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';

/**
 * A saved card: only the payment gateway's token and what a person needs to recognise the card
 * (brand, last 4, expiry) plus the billing address. The card number and CVC never reach Stockpot.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    gateway: text('gateway').notNull(),
    token: text('token').notNull(),
    cardType: text('card_type').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    nickname: text('nickname').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_methods_token_idx').on(t.token), index('payment_methods_location_idx').on(t.locationId)],
);
