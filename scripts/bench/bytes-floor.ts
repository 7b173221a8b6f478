/**
 * A heavy read's bytes floor (issue 38): the read's answer, fetched once, kept by the bench route
 * PUT /api/bench/bytes and sent by GET /api/bench/bytes, signed in, as a kept read sends it. Its
 * row is what the answer's bytes cost (the server's send, the loopback, the load generator reading
 * them on the same cores) with none of the read's own work: the read's p95 over this row's is the
 * read's own share, beside its ratio to the one-row floor.
 */
import { bearer, simpleGet, type BenchUser } from './api-scenarios';
import { READ_CONNECTIONS, type ApiRun } from './api-run-kit';

export async function measureBytesFloor(
  run: ApiRun,
  readName: string,
  users: BenchUser[],
  pathOf: (user: BenchUser) => string,
): Promise<void> {
  const { measure, server, only, seconds, warmupSeconds, floor50 } = run;
  const name = `${readName}'s bytes floor: GET /api/bench/bytes, signed in`;
  if (users.length === 0 || (only && !only.test(name))) return;
  const read = await fetch(`${server.url}${pathOf(users[0])}`, { headers: bearer(users[0]) });
  if (!read.ok) throw new Error(`${readName}: ${read.status} before its bytes floor`);
  const kept = await fetch(`${server.url}/api/bench/bytes`, {
    method: 'PUT',
    headers: { ...bearer(users[0]), 'content-type': 'application/json' },
    body: await read.text(),
  });
  if (!kept.ok) throw new Error(`PUT /api/bench/bytes: ${kept.status} ${await kept.text()}`);
  const { bytes } = (await kept.json()) as { bytes: number };
  await measure(
    {
      name: `${name} (its answer, ${Math.round(bytes / 1024)} KB of JSON)`,
      kind: 'api',
      request: 'GET /api/bench/bytes',
      connections: READ_CONNECTIONS,
      frameworkFloor: floor50,
    },
    { duration: seconds, warmupSeconds, requests: [simpleGet('/api/bench/bytes', users)] },
  );
}
