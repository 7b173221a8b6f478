/**
 * `npm run broadcast -- "text"`: a platform operator writes a broadcast message, shown once to every
 * user as a pop-up on place-order (doc 3 §4 "Messages"). `npm run broadcast -- --location <id> "text"`
 * writes a message to the people of one location instead. The administrator role has no screen
 * for this (doc 3 §2.2), so it is a command. With the embedded database, stop the server first
 * (only one process may open the data folder); against PostgreSQL (DATABASE_URL) it runs any time.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { validateBroadcastText } from '@stockpot/domain';
import { broadcastMessages, locationMessages, locations } from '../src/schema/index';
import { openDatabaseFromEnv } from './open-from-env';

const { values, positionals } = parseArgs({
  options: { location: { type: 'string', short: 'l' }, help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
});
const text = positionals.join(' ').trim();
const problem = values.help ? 'help' : validateBroadcastText(text);
if (problem) {
  if (problem !== 'help') console.error(problem);
  console.error('Usage: npm run broadcast -- [--location <location id>] "message text"');
  process.exit(problem === 'help' ? 0 : 1);
}
const locationId = values.location === undefined ? null : Number(values.location);
if (locationId !== null && !(Number.isInteger(locationId) && locationId > 0)) {
  console.error(`--location must be a location id, not "${values.location}".`);
  process.exit(1);
}

const { handle, where } = await openDatabaseFromEnv();
try {
  await handle.migrate();
  if (locationId === null) {
    const [row] = await handle.db.insert(broadcastMessages).values({ message: text }).returning({ id: broadcastMessages.id });
    console.log(`Broadcast ${row.id} written (${where}); every user sees it once on opening Place Order.`);
  } else {
    const [location] = await handle.db
      .select({ nickname: locations.nickname })
      .from(locations)
      .where(eq(locations.id, locationId))
      .limit(1);
    if (!location) throw new Error(`There is no location ${locationId}.`);
    const [row] = await handle.db
      .insert(locationMessages)
      .values({ locationId, message: text })
      .returning({ id: locationMessages.id });
    console.log(`Message ${row.id} written for ${location.nickname} (${where}).`);
  }
} catch (error) {
  console.error(`Broadcast failed (${where}):`, (error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
