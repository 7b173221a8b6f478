/** `npm run db:migrate`: applies the SQL migrations to DATABASE_URL or the embedded PGlite. */
import { openDatabaseFromEnv } from './open-from-env';

const { handle, where } = await openDatabaseFromEnv();
try {
  await handle.migrate();
  console.log(`Migrations applied (${where}).`);
} catch (error) {
  console.error(`Migration failed (${where}):`, error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
