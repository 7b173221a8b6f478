/**
 * `npm run distributor -- list`: the distributors restaurants added by name ("Add '{name}'"), which
 * only their own locations see. `npm run distributor -- merge <id>` promotes one into the directory
 * (every company finds it); `npm run distributor -- merge <id> --into <directory id>` folds it into
 * an entry already there, moving its accounts, items, guides, orders and reps. A platform operator's
 * command (issue 31). With the embedded database, stop the server first; against PostgreSQL
 * (DATABASE_URL) it runs any time.
 */
import { parseArgs } from 'node:util';
import { listPrivateDistributors, MergeRefusal, mergeDistributor } from '../src/directory-operator';
import { openDatabaseFromEnv } from './open-from-env';

const USAGE = [
  'Usage: npm run distributor -- list',
  '       npm run distributor -- merge <id>                       (promote it into the directory)',
  '       npm run distributor -- merge <id> --into <directory id>  (fold it into a directory entry)',
].join('\n');

const { values, positionals } = parseArgs({
  options: { into: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
});
const [command, idArg] = positionals;
const isId = (text: string | undefined) => /^\d{1,9}$/.test(text ?? '') && Number(text) > 0;
if (values.help || (command !== 'list' && command !== 'merge')) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 1);
}
if (command === 'merge' && (!isId(idArg) || (values.into !== undefined && !isId(values.into)))) {
  console.error(`"${!isId(idArg) ? (idArg ?? '') : values.into}" is not a distributor id.`);
  console.error(USAGE);
  process.exit(1);
}

const { handle, where } = await openDatabaseFromEnv();
try {
  await handle.migrate();
  if (command === 'list') {
    const rows = await listPrivateDistributors(handle.db);
    if (rows.length === 0) console.log(`No distributors are waiting to be merged (${where}).`);
    for (const row of rows) {
      console.log(`#${row.id} ${row.nickname} · added by ${row.owner} on ${row.createdAt} · ${row.accounts} location account(s)`);
    }
  } else {
    const result = await mergeDistributor(handle.db, Number(idArg), values.into === undefined ? undefined : Number(values.into));
    if (result.kind === 'promoted') {
      console.log(`${result.nickname} (${result.id}) is in the directory now (${where}): every company finds it.`);
    } else {
      const moved = Object.entries(result.tables)
        .map(([table, count]) => `${table} ${count}`)
        .join(', ');
      console.log(
        `Distributor ${result.from} folded into ${result.nickname} (${result.into}) (${where}); moved: ${moved || 'nothing'}.`,
      );
    }
  }
} catch (error) {
  console.error(
    error instanceof MergeRefusal ? error.message : `distributor ${command} failed (${where}): ${(error as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await handle.close();
}
