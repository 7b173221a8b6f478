/**
 * This process's copies of stored inventory-view pages, as the bytes sent, by answer key and
 * generation (migration 0028). A copy is only ever sent after the database said its generation is
 * the valid one, so the copies decide nothing: they spare PostgreSQL reading and sending about
 * 290 KB per read, and Node decoding and re-encoding it. Least recently used copies go first once
 * the copies pass the byte budget.
 */
export interface AnswerCopy {
  generation: number;
  body: Buffer;
}

/** About 400 pages of 290 KB: every location's main page of a 200-location chain, twice over. */
export const ANSWER_COPIES_BYTES = 128 * 1024 * 1024;

export class AnswerCopies {
  private readonly copies = new Map<string, AnswerCopy>();
  private bytes = 0;

  constructor(private readonly budget = ANSWER_COPIES_BYTES) {}

  /** The copy of the key, marked as just used. */
  get(key: string): AnswerCopy | undefined {
    const copy = this.copies.get(key);
    if (copy) {
      this.copies.delete(key);
      this.copies.set(key, copy);
    }
    return copy;
  }

  set(key: string, copy: AnswerCopy): void {
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
