/** Types of emulator-config.mjs: the emulators' variant of firebase.json. */

/** The generated file's name, beside firebase.json. */
export const EMULATOR_CONFIG: string;

/** firebase.json, as far as the variant reads it. */
export interface FirebaseConfig {
  hosting?: { headers?: Array<{ source?: string; regex?: string; headers: Array<{ key: string; value: string }> }> } & Record<string, unknown>;
  emulators?: Record<string, { host?: string; port?: number } | boolean | undefined>;
  [key: string]: unknown;
}

/** `config` with the emulators' addresses added to every Content-Security-Policy it sends. */
export function withEmulatorAddresses<T extends FirebaseConfig>(config: T): T;

/** Writes the emulators' variant of `root`/firebase.json beside it; returns its path. */
export function writeEmulatorConfig(root?: string): string;
