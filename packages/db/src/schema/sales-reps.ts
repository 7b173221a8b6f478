import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { locations, users } from './accounts';
import { distributors } from './catalog';

/** A distributor's sales rep for one location (doc 3 §3 "Sales rep (dsr)"); the primary rep receives orders. */
export const salesReps = pgTable(
  'sales_reps',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(false),
    accessType: text('access_type', { enum: ['unlimited', 'limited', 'none'] })
      .notNull()
      .default('none'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    inviteStatus: text('invite_status', { enum: ['sent', 'accepted'] }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** SHA-256 of the sign-up link's token while an invite is open (the token itself is only in the e-mail). */
    inviteTokenHash: text('invite_token_hash'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The rep's own sign-in once the invite is accepted (one person can be the rep of several accounts). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sales_reps_location_distributor_idx').on(t.locationId, t.distributorId),
    index('sales_reps_invite_token_idx').on(t.inviteTokenHash),
    index('sales_reps_user_idx').on(t.userId),
  ],
);
