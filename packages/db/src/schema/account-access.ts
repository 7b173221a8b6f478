import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, locations, sessions, users } from './accounts';

/**
 * A password reset link (doc 3 §2.1 /change-password/{token}). Only a SHA-256 of the token is kept,
 * so the table is no use to someone who reads it; a token works once and until it expires.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Every administrator login-as (doc 3 §2.12): who acted, as whom, in which location, through which session. */
export const adminLoginAudits = pgTable(
  'admin_login_audits',
  {
    id: serial('id').primaryKey(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => users.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The session opened for the administrator as the user. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    clientAddress: text('client_address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_login_audits_admin_idx').on(t.adminUserId, t.createdAt),
    index('admin_login_audits_user_idx').on(t.userId),
  ],
);

/** A help or issue report sent from /help (doc 3 §2.10); also e-mailed to support. */
export const helpReports = pgTable(
  'help_reports',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('help_reports_location_idx').on(t.locationId, t.createdAt)],
);

/** A message to the people of one location, shown once as a pop-up on place-order (doc 3 §4 "Messages"). */
export const locationMessages = pgTable(
  'location_messages',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('location_messages_location_idx').on(t.locationId, t.id)],
);

/** Which user has seen which location message (each person sees it once). */
export const locationMessageReads = pgTable(
  'location_message_reads',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => locationMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.messageId, t.userId] })],
);

/** A platform-wide message written by an operator with `npm run broadcast` (doc 3 §7 get-broadcast-message). */
export const broadcastMessages = pgTable(
  'broadcast_messages',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('broadcast_messages_created_idx').on(t.createdAt)],
);

/** Which user has seen which broadcast. */
export const broadcastMessageReads = pgTable(
  'broadcast_message_reads',
  {
    broadcastId: integer('broadcast_id')
      .notNull()
      .references(() => broadcastMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.broadcastId] })],
);

/**
 * A restaurant signed up through the wizard (doc 3 §2.11, the API's "merchant" business): the
 * business details, the owner and the signed agreement. Its locations are in restaurant_locations.
 */
export const restaurants = pgTable(
  'restaurants',
  {
    id: serial('id').primaryKey(),
    /** The platform brand the sign-up named (`companyId`, '1'), not the restaurant itself. */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    businessName: text('business_name').notNull(),
    businessAddress: text('business_address').notNull(),
    businessCity: text('business_city').notNull(),
    businessState: text('business_state').notNull(),
    businessPostcode: text('business_postcode').notNull(),
    phoneNumber: text('phone_number').notNull(),
    totalReportingLocations: smallint('total_reporting_locations').notNull(),
    signedBy: text('signed_by').notNull(),
    agreementSignedAt: timestamp('agreement_signed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The gateway's authorisation of the one-time sign-up fee. */
    setupAuthorizationId: text('setup_authorization_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('restaurants_owner_idx').on(t.ownerUserId)],
);

export const restaurantLocations = pgTable(
  'restaurant_locations',
  {
    locationId: integer('location_id')
      .primaryKey()
      .references(() => locations.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
  },
  (t) => [index('restaurant_locations_restaurant_idx').on(t.restaurantId)],
);

/**
 * A browser that signed in to an account from an address (issue 33, defect 6). The browser holds a
 * random token in an httpOnly cookie; only its SHA-256 is kept. Past the per-account sign-in
 * limit, a right password from a known browser at a known address still signs in.
 */
export const knownSignInDevices = pgTable(
  'known_sign_in_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    clientAddress: text('client_address').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_sign_in_devices_key_idx').on(t.userId, t.deviceHash, t.clientAddress)],
);

/**
 * The one-time link mailed to an account's owner when the per-account sign-in limit fills: it
 * signs them in and clears the account's failures. Only a SHA-256 of the token is kept.
 */
export const signInUnlockTokens = pgTable(
  'sign_in_unlock_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sign_in_unlock_tokens_hash_idx').on(t.tokenHash),
    index('sign_in_unlock_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);
