import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@stockpot/db';

export interface InviteRow {
  id: number;
  locationId: number;
  distributorId: number;
  name: string;
  email: string;
  inviteStatus: 'sent' | 'accepted' | null;
  isDeleted: boolean;
  companyId: number;
  locationName: string;
  distributorName: string;
}

/** The rep whose open invite carries this token hash, locked for the acceptance. */
export async function lockInvite(db: Database, tokenHash: string): Promise<InviteRow | undefined> {
  const [row] = await queryRows<InviteRow>(
    db,
    sql`SELECT sr.id, sr.location_id AS "locationId", sr.distributor_id AS "distributorId", sr.name, sr.email,
               sr.invite_status AS "inviteStatus", sr.is_deleted AS "isDeleted", l.company_id AS "companyId",
               l.nickname AS "locationName", d.nickname AS "distributorName"
        FROM sales_reps sr
        JOIN locations l ON l.id = sr.location_id
        JOIN distributors d ON d.id = sr.distributor_id
        WHERE sr.invite_token_hash = ${tokenHash}
        FOR UPDATE OF sr`,
  );
  return row;
}

export async function findUserForRep(db: Database, email: string): Promise<{ id: number; passwordHash: string } | undefined> {
  const [row] = await queryRows<{ id: number; passwordHash: string }>(
    db,
    sql`SELECT id, password_hash AS "passwordHash" FROM users WHERE email = ${email.toLowerCase()} AND is_active`,
  );
  return row;
}

export async function insertRepUser(
  db: Database,
  user: { companyId: number; email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO users (company_id, email, password_hash, first_name, last_name, title)
        VALUES (${user.companyId}, ${user.email.toLowerCase()}, ${user.passwordHash}, ${user.firstName}, ${user.lastName}, 'Sales rep')
        RETURNING id`,
  );
  return row.id;
}

export async function markInviteAccepted(db: Database, locationId: number, repId: number, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE sales_reps SET invite_status = 'accepted', invite_token_hash = NULL, user_id = ${userId}
        WHERE id = ${repId} AND location_id = ${locationId}`,
  );
}

export interface RepAccountRow {
  salesRepId: number;
  locationId: number;
  locationName: string;
  distributorId: number;
  distributorName: string;
  accessType: 'unlimited' | 'limited' | 'none';
  startDate: string | null;
  endDate: string | null;
  inviteStatus: 'sent' | 'accepted' | null;
  isDeleted: boolean;
  /** Today in the location's time zone. */
  today: string;
}

/** The accounts (location × distributor) this user is the rep of; with repId, that one only. */
export async function selectRepAccounts(db: Database, userId: number, repId?: number): Promise<RepAccountRow[]> {
  return queryRows<RepAccountRow>(
    db,
    sql`SELECT sr.id AS "salesRepId", sr.location_id AS "locationId", l.nickname AS "locationName",
               sr.distributor_id AS "distributorId", d.nickname AS "distributorName", sr.access_type AS "accessType",
               sr.start_date::text AS "startDate", sr.end_date::text AS "endDate", sr.invite_status AS "inviteStatus",
               sr.is_deleted AS "isDeleted", to_char((now() AT TIME ZONE l.timezone)::date, 'YYYY-MM-DD') AS today
        FROM sales_reps sr
        JOIN locations l ON l.id = sr.location_id
        JOIN distributors d ON d.id = sr.distributor_id
        WHERE sr.user_id = ${userId}${repId === undefined ? sql`` : sql` AND sr.id = ${repId}`}
        ORDER BY lower(l.nickname), lower(d.nickname), sr.id`,
  );
}

export interface LatestGuide {
  id: number;
  endDate: string;
  lines: { itemDistributorId: number; din: string; price: string }[];
}

/** The location's latest guide from the distributor with its lines, or undefined when it has none. */
export async function selectLatestGuide(
  db: Database,
  locationId: number,
  distributorId: number,
): Promise<LatestGuide | undefined> {
  const [guide] = await queryRows<{ id: number; endDate: string }>(
    db,
    sql`SELECT id, end_date::text AS "endDate" FROM order_guides
        WHERE location_id = ${locationId} AND distributor_id = ${distributorId}
        ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  if (!guide) return undefined;
  const lines = await queryRows<{ itemDistributorId: number; din: string; price: string }>(
    db,
    sql`SELECT ogi.item_distributor_id AS "itemDistributorId", d.din, ogi.price::text AS price
        FROM order_guide_items ogi JOIN item_distributors d ON d.id = ogi.item_distributor_id
        WHERE ogi.order_guide_id = ${guide.id} AND ogi.location_id = ${locationId}`,
  );
  return { ...guide, lines };
}

export interface RepItemRow {
  din: string;
  name: string;
  brand: string;
  pack_size: string;
  unit_measure: string;
  price: string;
  totalCount: number;
}

/** A page of the latest guide's items of a location and distributor, by name; search matches name, DIN or brand. */
export async function selectLatestGuideItems(
  db: Database,
  locationId: number,
  distributorId: number,
  page: { limit: number; offset: number; search?: string },
): Promise<RepItemRow[]> {
  const pattern = page.search ? `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows<RepItemRow>(
    db,
    sql`WITH guide AS (
          SELECT id FROM order_guides WHERE location_id = ${locationId} AND distributor_id = ${distributorId}
          ORDER BY created_at DESC, id DESC LIMIT 1)
        SELECT d.din, coalesce(nullif(d.description, ''), i.name) AS name, d.brand, d.pack_size, d.unit_measure,
               ogi.price::text AS price, count(*) OVER ()::int AS "totalCount"
        FROM order_guide_items ogi
        JOIN guide g ON g.id = ogi.order_guide_id
        JOIN item_distributors d ON d.id = ogi.item_distributor_id
        JOIN items i ON i.id = d.item_id
        WHERE ogi.location_id = ${locationId}
          ${pattern === null ? sql`` : sql`AND (coalesce(nullif(d.description, ''), i.name) ILIKE ${pattern} OR d.din ILIKE ${pattern} OR d.brand ILIKE ${pattern})`}
        ORDER BY lower(coalesce(nullif(d.description, ''), i.name)), d.din
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}
