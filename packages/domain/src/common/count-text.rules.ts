/** A count with its noun, singular for one: "1 item", "0 items", "12 items" (never "1 items"). */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
