// The emulators' variant of firebase.json. firebase.json is what is deployed: its Content-Security-Policy names no
// emulator. The app served by the Hosting emulator must reach the Auth, Firestore and Storage emulators (and frame the
// Auth emulator's sign-in page), so every place that starts the emulators (npm start, npm test, npm run seed, the
// browser suite alone, the benchmarks) passes `--config firebase.emulators.json`: the same config with those addresses
// (read from firebase.json's own `emulators` ports) added to the policy. It is written beside firebase.json, because
// the Firebase CLI reads every path of a config from the config's folder; it is generated on every start, never edited
// and not committed. Plain JavaScript importing only node: modules, for the shell scripts and the benchmarks alike.
//
// Usage: node scripts/emulator-config.mjs   (writes the file and prints its path)
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const EMULATOR_CONFIG = 'firebase.emulators.json';

/** The emulators the app reaches from the browser, and whether it frames their pages (Auth's sign-in). */
const BROWSER_EMULATORS = [
  { name: 'auth', framed: true },
  { name: 'firestore', framed: false },
  { name: 'storage', framed: false },
];

/** The origins of an emulator: its host and, for a loopback host, localhost too (the app reaches the page's own host). */
function origins({ host = '127.0.0.1', port }) {
  const hosts = host === '127.0.0.1' || host === 'localhost' ? ['127.0.0.1', 'localhost'] : [host];
  return hosts.map((h) => `http://${h}:${port}`);
}

/** `csp` with `sources` added to the directive `name`. */
function addSources(csp, name, sources) {
  return csp
    .split(';')
    .map((directive) => {
      const [directiveName] = directive.trim().split(/\s+/);
      return directiveName === name ? `${directive.trimEnd()} ${sources.join(' ')}` : directive;
    })
    .join(';');
}

/** `config` (firebase.json, parsed) with the emulators' addresses added to every Content-Security-Policy it sends. */
export function withEmulatorAddresses(config) {
  const emulators = config.emulators ?? {};
  const present = BROWSER_EMULATORS.filter(({ name }) => emulators[name]?.port);
  const connect = present.flatMap(({ name }) => origins(emulators[name]));
  const frames = present.filter(({ framed }) => framed).flatMap(({ name }) => origins(emulators[name]));
  // Recordings stored in the Storage emulator play from it.
  const media = present.filter(({ name }) => name === 'storage').flatMap(({ name }) => origins(emulators[name]));
  const headers = (config.hosting?.headers ?? []).map((rule) => ({
    ...rule,
    headers: rule.headers.map((header) =>
      header.key.toLowerCase() === 'content-security-policy'
        ? { ...header, value: addSources(addSources(addSources(header.value, 'connect-src', connect), 'frame-src', frames), 'media-src', media) }
        : header,
    ),
  }));
  return { ...config, hosting: { ...config.hosting, headers } };
}

/** Writes the emulators' variant of `root`/firebase.json beside it; returns its path. */
export function writeEmulatorConfig(root = fileURLToPath(new URL('..', import.meta.url))) {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const path = join(root, EMULATOR_CONFIG);
  // Written whole, then renamed: a start beside this one never reads half a file.
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(withEmulatorAddresses(config), null, 2)}\n`);
  renameSync(partial, path);
  return path;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(writeEmulatorConfig());
