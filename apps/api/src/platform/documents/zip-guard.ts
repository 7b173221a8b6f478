/**
 * Zip bombs in uploaded .xlsx files (issue 14 "Uploads and exports"). An .xlsx is a zip archive;
 * the readers (exceljs through JSZip) inflate every part in memory before they look at it, so a
 * 24 MB upload could expand to gigabytes and take the process down. Before a reader sees the file,
 * this checks the archive's own directory (entry count, declared sizes) and then inflates each part
 * with a ceiling of the size it declares, so a part that lies about its size is caught too. It never
 * holds more than one part's declared size, and all parts together stay under the limit.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  /** All parts together, uncompressed. */
  maxUncompressedBytes: number;
  maxEntries: number;
}

/** An order guide of 100,000 lines is about 40 MB of sheet XML; far above any real guide, far below harm. */
export const XLSX_UPLOAD_LIMITS: ZipLimits = { maxUncompressedBytes: 200_000_000, maxEntries: 2_000 };

export type ZipProblem = 'not-a-zip' | 'too-large';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

/**
 * Why the archive may not be read: 'too-large' when it has too many parts, declares or inflates to
 * more than the limit (zip64 archives included: no spreadsheet upload needs one), 'not-a-zip' when
 * its directory cannot be read. null when it is safe to hand to a reader.
 */
export function checkZipArchive(bytes: Buffer, limits: ZipLimits = XLSX_UPLOAD_LIMITS): ZipProblem | null {
  if (bytes.length < 22) return 'not-a-zip';
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) return 'not-a-zip';
  const entries = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) return 'too-large';
  if (entries > limits.maxEntries) return 'too-large';
  if (directoryOffset + directorySize > end) return 'not-a-zip';

  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) return 'not-a-zip';
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff) return 'too-large';
    total += declaredSize;
    if (total > limits.maxUncompressedBytes) return 'too-large';

    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL) return 'not-a-zip';
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (data.length !== compressedSize) return 'not-a-zip';
    if (method === 0) {
      if (compressedSize !== declaredSize) return 'not-a-zip';
    } else if (method === 8) {
      // The ceiling is the declared size: a part that inflates past it lies, and is refused there.
      try {
        const inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, declaredSize) });
        if (inflated.length !== declaredSize) return 'not-a-zip';
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'not-a-zip';
      }
    } else {
      return 'not-a-zip';
    }
  }
  return null;
}

/**
 * The one guard every upload route runs before a reader opens the file (issue 33, defect 1): any
 * content that is a zip (xlsx, ods, or a zip itself, whatever its name says) is checked as an
 * archive; anything else passes, for the route's own content check.
 */
export function checkUploadedArchive(bytes: Buffer, limits: ZipLimits = XLSX_UPLOAD_LIMITS): ZipProblem | null {
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL;
  return isZip ? checkZipArchive(bytes, limits) : null;
}
