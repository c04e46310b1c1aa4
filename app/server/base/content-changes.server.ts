/**
 * Whether a write changed what a public page shows. The entity modules say so after a
 * successful write (through their database handle, `db.contentChanged()`); whoever runs the
 * request or the scheduled work decides what that means — the worker outdates the edge
 * cache's pages — so the domain never reaches into delivery, and nothing else (a refused post,
 * a redirect, a sign-in) counts as a change.
 */
export class ContentChanges {
  #changed = false;
  #publish: (() => Promise<unknown>) | null = null;

  get changed(): boolean {
    return this.#changed;
  }

  /** A write changed a public page. After `publishWith`, the change is published at once (work after the answer). */
  async mark(): Promise<void> {
    this.#changed = true;
    if (this.#publish) await this.#publish();
  }

  /** Publishes what was marked so far with `publish`, and every later mark at once. */
  async publishWith(publish: () => Promise<unknown>): Promise<void> {
    this.#publish = publish;
    if (this.#changed) await publish();
  }
}
