/**
 * `npm run db:seed`: migrates, then loads the demo data set unless the database already holds data.
 * Run it on an empty database; to start over, remove the data folder (or drop the database).
 */
import { isDatabaseSeeded, seedDemo } from '../seed/index';
import { openDatabaseFromEnv } from './open-from-env';

const { handle, where } = await openDatabaseFromEnv();
try {
  await handle.migrate();
  if (await isDatabaseSeeded(handle.db)) {
    console.log(`The database already holds data; demo seed skipped (${where}).`);
  } else {
    const summary = await seedDemo(handle.db);
    const { harborGrill, harborGrillExpress, harborCatering } = summary.locationItems;
    console.log(
      `Demo data loaded in ${summary.durationMs} ms (${where}): ${summary.items} items, ${summary.itemDistributors} distributor items, ` +
        `${summary.orderGuides} order guides; location items: Harbor Grill ${harborGrill}, Express ${harborGrillExpress}, Catering ${harborCatering}.`,
    );
  }
} catch (error) {
  console.error(`Seeding failed (${where}):`, error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
