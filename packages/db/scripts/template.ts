/**
 * `npm run template -- list [--all]`: the order guide template requests waiting to be mapped, with
 * each file's header row. `npm run template -- approve <request id> --name "Name" din="Item #"
 * name="Description" price="Case Price" pack_size="Pack"`: maps the request's columns once; the
 * stored template is approved for the distributor, so the next check-for-template of that layout
 * finds it. A platform operator's command: the administrator role has no screen for it (doc 3 §2.2).
 * With the embedded database, stop the server first; against PostgreSQL (DATABASE_URL) it runs any time.
 */
import { parseArgs } from 'node:util';
import { MAPPABLE_FIELDS, parseMappingArguments } from '@stockpot/domain';
import { approveTemplateRequest, listTemplateRequests } from '../seed/order-guide-templates';
import { openDatabaseFromEnv } from './open-from-env';

const USAGE = [
  'Usage: npm run template -- list [--all]',
  '       npm run template -- approve <request id> --name "Template name" field="Header" …',
  `Fields: ${MAPPABLE_FIELDS.join(', ')} (din, name, price and pack_size, or pack and size, are needed).`,
].join('\n');

const { values, positionals } = parseArgs({
  options: { name: { type: 'string', short: 'n' }, all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
});
const [command, requestArg, ...mappingArgs] = positionals;
if (values.help || (command !== 'list' && command !== 'approve')) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 1);
}
const requestId = Number(requestArg);
const { mapping, errors } = parseMappingArguments(mappingArgs);
if (command === 'approve' && (!(Number.isInteger(requestId) && requestId > 0) || errors.length > 0 || !values.name)) {
  if (!(Number.isInteger(requestId) && requestId > 0)) console.error(`"${requestArg ?? ''}" is not a request id.`);
  if (!values.name) console.error('Give the template a name with --name.');
  for (const error of errors) console.error(error);
  console.error(USAGE);
  process.exit(1);
}

const { handle, where } = await openDatabaseFromEnv();
try {
  await handle.migrate();
  if (command === 'list') {
    const requests = await listTemplateRequests(handle.db, { all: values.all });
    if (requests.length === 0) console.log(`No template requests are waiting (${where}).`);
    for (const request of requests) {
      console.log(
        `#${request.id} ${request.status} ${request.createdAt} ${request.location} · ${request.distributor} (${request.distributorId}) · ${request.fileName}`,
      );
      console.log(`    header: ${request.header.map((cell) => JSON.stringify(cell)).join(', ')}`);
    }
  } else {
    const result = await approveTemplateRequest(handle.db, { requestId, name: values.name!, mapping });
    console.log(
      `Template ${result.templateId} approved from request #${requestId} (${where}): the next upload of that layout goes through.`,
    );
  }
} catch (error) {
  console.error(`template ${command} failed (${where}):`, (error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
