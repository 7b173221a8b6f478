import { buildTestTemplate } from './database-template';

/** Vitest's global setup for the API tests: seeds the demo database once for the whole run. */
export default async function setup(): Promise<() => Promise<void>> {
  return buildTestTemplate();
}
