/**
 * One instance of a library shared by every call in a process, built afresh when it can no longer be trusted: after a
 * call that threw (a library may leave its state half-changed: wink-nlp's lexicon, for one, is left broken by a word
 * it failed to add, and every later word it has not seen fails with it), and once its calls have read a given amount
 * (a library that keeps what it reads grows with every new word). The call that threw fails alone; the next one gets a
 * new instance. Pure: the instance is made by the `build` passed in.
 */
export class RenewableInstance<T> {
  private instance: T | undefined;
  private spent = 0;
  private builds = 0;

  /** `renewAfter`: what the calls may spend (see `use`) before the instance is built afresh. */
  constructor(
    private readonly build: () => T,
    private readonly renewAfter = Infinity,
  ) {}

  /** How many instances were built so far. */
  get built(): number {
    return this.builds;
  }

  /**
   * Runs `work` on the shared instance, counting `cost` (e.g. the characters it reads) against `renewAfter`. If `work`
   * throws, the instance is dropped before the error goes on, so no later call reads with it.
   */
  use<R>(work: (instance: T) => R, cost = 0): R {
    if (this.instance === undefined || this.spent >= this.renewAfter) {
      this.instance = this.build();
      this.builds++;
      this.spent = 0;
    }
    const instance = this.instance;
    this.spent += cost;
    try {
      return work(instance);
    } catch (error) {
      if (this.instance === instance) this.instance = undefined;
      throw error;
    }
  }
}
