import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** A file LibreOffice itself wrote (fixtures/libreoffice/make-fixtures.sh), not one of our writers. */
export function libreOfficeFile(name: string): Promise<Buffer> {
  return readFile(fileURLToPath(new URL(`./fixtures/libreoffice/${name}`, import.meta.url)));
}

/** The formats the fixtures exist in. */
export const LIBREOFFICE_KINDS = ['csv', 'xlsx', 'xls', 'ods'] as const;
