import { sql } from 'drizzle-orm';
import { queryRowsPrepared, type Database } from '@stockpot/db';

export interface OrderingDistributorRow {
  id: number;
  nickname: string;
  minOrderAmount: string;
  skipMinOrder: boolean;
  isMinOrderAmountRequired: boolean;
  isDelivery: number;
  acceptCC: number;
  deliveryWeekdays: number[];
  orderCutoffTime: string | null;
  orderCutoffDaysBefore: number;
  /** The time zone delivery dates are counted in: the one asked for, else the location's. */
  timezone: string;
}

/** Days ahead, today included, whose delivery days are offered. */
export const DELIVERY_DATE_WINDOW_DAYS = 14;

/** The location's distributors with their ordering terms (the delivery dates are worked out from them in the service). */
export async function selectOrderingDistributors(
  db: Database,
  locationId: number,
  options: { distributorId?: number; timezone?: string } = {},
): Promise<OrderingDistributorRow[]> {
  return queryRowsPrepared<OrderingDistributorRow>(
    db,
    sql`SELECT d.id, d.nickname, ld.min_order_amount::text AS "minOrderAmount", ld.skip_min_order AS "skipMinOrder",
               ld.is_min_order_amount_required AS "isMinOrderAmountRequired", ld.is_delivery::int AS "isDelivery",
               ld.accept_cc::int AS "acceptCC", ld.delivery_weekdays::int[] AS "deliveryWeekdays",
               ld.order_cutoff_time AS "orderCutoffTime", ld.order_cutoff_days_before::int AS "orderCutoffDaysBefore",
               coalesce(${options.timezone ?? null}::text, l.timezone) AS timezone
        FROM location_distributors ld
        JOIN distributors d ON d.id = ld.distributor_id
        JOIN locations l ON l.id = ld.location_id
        WHERE ld.location_id = ${locationId}${options.distributorId === undefined ? sql`` : sql` AND d.id = ${options.distributorId}`}
        ORDER BY lower(d.nickname), d.id`,
  );
}

export interface DistributorAccountRow {
  distributorId: number;
  dcn: string;
  isDsrEditable: boolean;
  timezone: string;
  websiteUsername: string;
  hasWebsitePassword: boolean;
  lastGuideId: number | null;
  lastGuideCreatedAt: string | null;
  lastGuideItemCount: number | null;
}

/** The account fields of the location's distributors (doc 3 §3 "Distributor"): dcn, editable flag, last guide. */
export async function selectDistributorAccounts(
  db: Database,
  locationId: number,
  distributorId?: number,
): Promise<DistributorAccountRow[]> {
  return queryRowsPrepared<DistributorAccountRow>(
    db,
    sql`SELECT ld.distributor_id AS "distributorId", ld.customer_number AS dcn, d.is_dsr_editable AS "isDsrEditable",
               d.timezone, ld.website_username AS "websiteUsername",
               ld.website_password_encrypted IS NOT NULL AS "hasWebsitePassword",
               g.id AS "lastGuideId", to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastGuideCreatedAt",
               g.item_count AS "lastGuideItemCount"
        FROM location_distributors ld
        JOIN distributors d ON d.id = ld.distributor_id
        LEFT JOIN LATERAL (SELECT og.id, og.created_at, og.item_count FROM order_guides og
                           WHERE og.location_id = ld.location_id AND og.distributor_id = ld.distributor_id
                           ORDER BY og.created_at DESC, og.id DESC LIMIT 1) g ON true
        WHERE ld.location_id = ${locationId}${distributorId === undefined ? sql`` : sql` AND ld.distributor_id = ${distributorId}`}`,
  );
}

export interface SalesRepRow {
  id: number;
  distributorId: number;
  name: string;
  email: string;
  phone: string;
  isPrimary: boolean;
  accessType: 'unlimited' | 'limited' | 'none';
  startDate: string | null;
  endDate: string | null;
  inviteStatus: 'sent' | 'accepted' | null;
  isDeleted: boolean;
}

const REP_COLUMNS = sql`id, distributor_id AS "distributorId", name, email, phone, is_primary AS "isPrimary",
  access_type AS "accessType", start_date::text AS "startDate", end_date::text AS "endDate",
  invite_status AS "inviteStatus", is_deleted AS "isDeleted"`;

/** The location's sales reps, of one distributor or all; primary first, then by name. */
export async function selectSalesReps(db: Database, locationId: number, distributorId?: number): Promise<SalesRepRow[]> {
  return queryRowsPrepared<SalesRepRow>(
    db,
    sql`SELECT ${REP_COLUMNS} FROM sales_reps
        WHERE location_id = ${locationId}${distributorId === undefined ? sql`` : sql` AND distributor_id = ${distributorId}`}
        ORDER BY is_primary DESC, lower(name), id`,
  );
}

/** One rep of the location and distributor, locked for the update that follows. */
export async function selectSalesRepForUpdate(
  db: Database,
  locationId: number,
  distributorId: number,
  repId: number,
): Promise<SalesRepRow | undefined> {
  const [row] = await queryRowsPrepared<SalesRepRow>(
    db,
    sql`SELECT ${REP_COLUMNS} FROM sales_reps
        WHERE id = ${repId} AND location_id = ${locationId} AND distributor_id = ${distributorId} FOR UPDATE`,
  );
  return row;
}

/** A rep's stored fields, plus the invite token's hash and whether the invite is sent now. */
export type RepWrite = Omit<SalesRepRow, 'id' | 'distributorId'> & { inviteTokenHash?: string | null; invitedAt?: boolean };

export async function insertSalesRep(
  db: Database,
  locationId: number,
  distributorId: number,
  rep: RepWrite,
): Promise<SalesRepRow> {
  const [row] = await queryRowsPrepared<SalesRepRow>(
    db,
    sql`INSERT INTO sales_reps (location_id, distributor_id, name, email, phone, is_primary, access_type, start_date, end_date)
        VALUES (${locationId}, ${distributorId}, ${rep.name}, ${rep.email}, ${rep.phone}, ${rep.isPrimary}, ${rep.accessType},
                ${rep.startDate}::date, ${rep.endDate}::date)
        RETURNING ${REP_COLUMNS}`,
  );
  return row;
}

export async function updateSalesRep(db: Database, locationId: number, repId: number, rep: RepWrite): Promise<SalesRepRow> {
  const [row] = await queryRowsPrepared<SalesRepRow>(
    db,
    sql`UPDATE sales_reps SET name = ${rep.name}, email = ${rep.email}, phone = ${rep.phone}, is_primary = ${rep.isPrimary},
          access_type = ${rep.accessType}, start_date = ${rep.startDate}::date, end_date = ${rep.endDate}::date,
          invite_status = ${rep.inviteStatus}, is_deleted = ${rep.isDeleted}
          ${rep.inviteTokenHash === undefined ? sql`` : sql`, invite_token_hash = ${rep.inviteTokenHash}`}
          ${rep.invitedAt ? sql`, invited_at = now()` : sql``}
        WHERE location_id = ${locationId} AND id = ${repId}
        RETURNING ${REP_COLUMNS}`,
  );
  return row;
}

/** One primary rep per location account: the others lose the flag. */
export async function clearOtherPrimaries(
  db: Database,
  locationId: number,
  distributorId: number,
  keepId: number,
): Promise<void> {
  await db.execute(sql`UPDATE sales_reps SET is_primary = false
    WHERE location_id = ${locationId} AND distributor_id = ${distributorId} AND id <> ${keepId} AND is_primary`);
}

/** Locks the location's account with the distributor (so rep writes of one account run one at a time). */
export async function lockDistributorAccount(
  db: Database,
  locationId: number,
  distributorId: number,
): Promise<{ isDsrEditable: boolean; nickname: string; locationName: string } | undefined> {
  const [row] = await queryRowsPrepared<{ isDsrEditable: boolean; nickname: string; locationName: string }>(
    db,
    sql`SELECT d.is_dsr_editable AS "isDsrEditable", d.nickname, l.nickname AS "locationName"
        FROM location_distributors ld JOIN distributors d ON d.id = ld.distributor_id JOIN locations l ON l.id = ld.location_id
        WHERE ld.location_id = ${locationId} AND ld.distributor_id = ${distributorId} FOR UPDATE OF ld`,
  );
  return row;
}

export async function updateWebsiteCredentials(
  db: Database,
  locationId: number,
  distributorId: number,
  changes: { username?: string; passwordEncrypted?: string; dcn?: string },
): Promise<void> {
  const sets = [sql`location_id = location_id`];
  if (changes.username !== undefined) sets.push(sql`website_username = ${changes.username}`);
  if (changes.passwordEncrypted !== undefined) sets.push(sql`website_password_encrypted = ${changes.passwordEncrypted}`);
  if (changes.dcn !== undefined) sets.push(sql`customer_number = ${changes.dcn}`);
  await db.execute(sql`UPDATE location_distributors SET ${sql.join(sets, sql`, `)}
    WHERE location_id = ${locationId} AND distributor_id = ${distributorId}`);
}
