/**
 * This process's copies of kept page answers, as the bytes sent, by answer key and generation: the
 * inventory view's stored pages (migration 0028) and the place-order list's pages (0059). A copy
 * is only ever sent after the database said its generation is the valid one, so the copies decide
 * nothing: they spare the database reading or recomputing the page, and Node encoding it again.
 * Least recently used copies go first once the copies pass the byte budget.
 */
export interface AnswerCopy {
  generation: number;
  body: Buffer;
}

/** About 400 pages of 290 KB: every location's main page of a 200-location chain, twice over. */
export const ANSWER_COPIES_BYTES = 128 * 1024 * 1024;

export class AnswerCopies<Copy extends { body: Buffer } = AnswerCopy> {
  private readonly copies = new Map<string, Copy>();
  private bytes = 0;

  constructor(private readonly budget = ANSWER_COPIES_BYTES) {}

  /** The copy of the key, marked as just used. */
  get(key: string): Copy | undefined {
    const copy = this.copies.get(key);
    if (copy) {
      this.copies.delete(key);
      this.copies.set(key, copy);
    }
    return copy;
  }

  set(key: string, copy: Copy): void {
    this.delete(key);
    if (copy.body.length > this.budget) return;
    this.copies.set(key, copy);
    this.bytes += copy.body.length;
    for (const [oldest] of this.copies) {
      if (this.bytes <= this.budget) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const copy = this.copies.get(key);
    if (!copy) return;
    this.copies.delete(key);
    this.bytes -= copy.body.length;
  }
}
