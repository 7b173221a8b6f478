/**
 * The name an uploaded file is listed under (issue 14 "hostile names"): the part after the last
 * slash or backslash, without control characters (NUL included), quotes or lone surrogates, at
 * most `maxLength` characters; the fallback when nothing is left. Only ever shown: files are stored
 * under names the server makes, never this one.
 */
export function cleanUploadFileName(name: string, fallback: string, maxLength = 120): string {
  const cleaned = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  // Cut by code point, so a pair of surrogates is never split in two.
  const base = Array.from(cleaned).slice(0, maxLength).join('').trim();
  return base === '' || base === '.' || base === '..' ? fallback : base;
}
