import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A company groups locations and carries the shell's branding (doc 3 §3 "Shared client state"). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  nickname: text('nickname').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  domain: text('domain').notNull().default(''),
  website: text('website').notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
  spinnerImageUrl: text('spinner_image_url'),
  favico: text('favico').notNull().default(''),
  mainColor: text('main_color').notNull().default('#1f6f5c'),
  secondaryColor: text('secondary_color').notNull().default('#f2a541'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A location (the API's "merchant") with every flag named in the three documents. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    nickname: text('nickname').notNull(),
    timezone: text('timezone').notNull().default('America/New_York'),
    phoneNumber: text('phone_number').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    canPlaceOrder: boolean('can_place_order').notNull().default(true),
    displayAccounting: boolean('display_accounting').notNull().default(false),
    displayRecipeCosting: boolean('display_recipe_costing').notNull().default(false),
    displayComparisonView: boolean('display_comparison_view').notNull().default(false),
    displayShoppingCart: boolean('display_shopping_cart').notNull().default(true),
    displayRebate: boolean('display_rebate').notNull().default(false),
    displayMatch: boolean('display_match').notNull().default(false),
    displayInventory: boolean('display_inventory').notNull().default(false),
    /** The inventory count in progress, if any (doc 2); a plain id until the inventories area adds its table. */
    activeInventoryId: integer('active_inventory_id'),
    /** The random token of the location's invoice e-mail address (issue 36, migration 0045); never shown as the id. */
    invoiceMailToken: text('invoice_mail_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_company_idx').on(t.companyId), uniqueIndex('locations_invoice_mail_token_idx').on(t.invoiceMailToken)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Stored lower-cased so sign-in is case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull().default(''),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    editComparisonView: boolean('edit_comparison_view').notNull().default(true),
    activeLocationId: integer('active_location_id').references(() => locations.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

export const userLocations = pgTable(
  'user_locations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] }), index('user_locations_location_idx').on(t.locationId)],
);

/** Server-side sessions: only a SHA-256 of the bearer token is stored, so a database leak yields no usable keys. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    /**
     * The location this session works in. Per session, not per user: two devices of one person can
     * work in two locations at once. `users.active_location_id` is only where a new session starts.
     */
    activeLocationId: integer('active_location_id').references(() => locations.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins, kept in the database rather than in process memory so the throttle holds when
 * several API processes serve behind a load balancer.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased e-mail plus client address: one attacker cannot lock a user out from elsewhere. */
    throttleKey: text('throttle_key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_key_idx').on(t.throttleKey, t.failedAt),
    // The per-account limit counts every address of one e-mail: the key's part before '|'.
    index('sign_in_failures_account_idx').on(sql`split_part(${t.throttleKey}, '|', 1)`, t.failedAt),
  ],
);
