import { and, eq } from 'drizzle-orm';
import { helpReports, locations, users, type Database } from '@stockpot/db';

export async function insertReport(db: Database, values: { locationId: number; userId: number; message: string }) {
  const [row] = await db.insert(helpReports).values(values).returning({ id: helpReports.id, createdAt: helpReports.createdAt });
  return row;
}

/** Who reports from where, for the support e-mail. */
export async function findReporter(db: Database, userId: number, locationId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      title: users.title,
      location: locations.nickname,
    })
    .from(users)
    .innerJoin(locations, and(eq(locations.id, locationId)))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
