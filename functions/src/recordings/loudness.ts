/**
 * Whether decoded sound is silent throughout: the loudness (RMS, in dB below full scale) of each second of it, as
 * 16-bit mono samples arrive in chunks of any size. Silent when every second is below `SILENT_BELOW_DBFS`: digital
 * silence, or a recorder left on with its microphone off (its noise floor sits far below a voice at -20 to -30 dBFS).
 * The first second at or above it settles the matter: the caller stops decoding there. Pure.
 */

export const SILENT_BELOW_DBFS = -55;

export class LoudnessMeter {
  private readonly windowSamples: number;
  private sum = 0;
  private count = 0;
  private carry: number | null = null;
  /** Samples measured so far. */
  samples = 0;
  /** A second at or above the threshold was heard. */
  heard = false;

  constructor(sampleRate: number) {
    this.windowSamples = Math.max(1, Math.round(sampleRate));
  }

  /** Takes the next bytes of signed 16-bit little-endian samples (a chunk may split a sample). Answers `heard`. */
  push(chunk: Uint8Array): boolean {
    if (this.heard) return true;
    let at = 0;
    if (this.carry !== null && chunk.length > 0) {
      this.add(((chunk[0] << 8) | this.carry) << 16 >> 16);
      this.carry = null;
      at = 1;
    }
    for (; at + 1 < chunk.length; at += 2) {
      if (this.add(((chunk[at + 1] << 8) | chunk[at]) << 16 >> 16)) return true;
    }
    if (at < chunk.length) this.carry = chunk[at];
    return this.heard;
  }

  /** The sound ended: the last, partial second is measured too. Answers whether all of it was silent (null: no sound at all). */
  end(): boolean | null {
    if (!this.heard && this.count > 0) this.closeWindow();
    if (this.samples === 0) return null;
    return !this.heard;
  }

  private add(sample: number): boolean {
    const v = sample / 32_768;
    this.sum += v * v;
    this.count += 1;
    this.samples += 1;
    if (this.count >= this.windowSamples) this.closeWindow();
    return this.heard;
  }

  private closeWindow(): void {
    const dbfs = 10 * Math.log10(this.sum / this.count || 1e-20);
    if (dbfs >= SILENT_BELOW_DBFS) this.heard = true;
    this.sum = 0;
    this.count = 0;
  }
}
