/**
 * Which listing pages a sync has finished, when several are worked on at once. Pages may finish
 * in any order, but the resume point only moves over an unbroken run of finished pages: a sync
 * stopped now continues at the first page not finished yet (pages after it that did finish are
 * read again then, and find their packs unchanged). A page's counters join the totals only when
 * the resume point passes it, so a resumed sync never counts one page twice.
 */
export class PageProgress<Counts extends { [K in keyof Counts]: number }> {
  #finished = new Map<number, Counts>();
  #next: number;

  constructor(
    firstPage: number,
    /** The totals of every page before `next`; updated in place. */
    readonly totals: Counts,
  ) {
    this.#next = firstPage;
  }

  /** The first page not finished yet: where a stopped sync resumes. */
  get next(): number {
    return this.#next;
  }

  /** Records a finished page; true when the resume point moved. */
  finish(page: number, counts: Counts): boolean {
    this.#finished.set(page, counts);
    let moved = false;
    for (let done = this.#finished.get(this.#next); done; done = this.#finished.get(this.#next)) {
      for (const key of Object.keys(done) as (keyof Counts)[]) {
        this.totals[key] = (this.totals[key] + done[key]) as Counts[keyof Counts];
      }
      this.#finished.delete(this.#next);
      this.#next++;
      moved = true;
    }
    return moved;
  }
}
