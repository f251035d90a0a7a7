// The test suite's time, and where its CPU goes: runs a command (by default `npm test`) and samples the CPU time of
// every process it starts (/proc/<pid>/stat, every 0.5 s), then prints the CPU seconds per kind of process (Chromium,
// the Firestore emulator, the Functions emulator's workers, the Firebase CLI, vitest per suite, …), the run's wall
// time, and per test file vitest's own time and an estimate of the CPU seconds it cost (from the JSON reports in
// .cache/test-results/).
//
//   npm run test:time                            `npm test`, measured (run it inside `unshare -n` when
//                                                another run may hold the emulators' ports)
//   node scripts/suite-time.mjs [command…]         any command, e.g. one browser file alone:
//   node scripts/suite-time.mjs bash e2e/support/run-browser-suite.sh landing
//
// The total is exact (the CPU of every process the command waited for, from /proc/self/stat); the split by kind
// misses what a process spends after the last sample before it ends, and processes that live under half a second:
// printed as "short-lived and last moments". A file's CPU is an estimate: over each half second, the CPU of its
// suite's own processes (its vitest workers; Chromium for the browser files) is shared among that suite's files
// running then, and the emulators' CPU among every emulated file running then.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// The vitest JSON reports to read (SUITE_TIME_RESULTS: another folder, e.g. for BROWSER_RESULTS=../probe/name).
const results = process.env.SUITE_TIME_RESULTS ?? join(process.cwd(), '.cache/test-results');
const TICK = 100; // USER_HZ, 100 on Linux
const INTERVAL_MS = 500;
const command = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'test'];

/** pid → { ppid, cpu (ticks, own), cmd } for every process on the machine. */
function snapshot() {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      // After the name: state ppid … utime (14th field of the line, 12th here) stime.
      procs.set(Number(name), { ppid: Number(f[1]), cpu: Number(f[11]) + Number(f[12]), comm, start: Number(f[19]) });
    } catch {
      // The process ended while we read.
    }
  }
  return procs;
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** A vitest run's suite, from its JSON report's name (scripts/test.sh, scripts/test-emulated.sh). */
const suiteOfVitest = (cmd) => cmd.match(/--outputFile\.json=\S*?([\w-]+)\.json/)?.[1] ?? 'other';

/** The script a node process runs (its first argument that is not an option of node's own). */
function scriptOf(args) {
  for (let i = 1; i < args.length; i++) {
    if (['--require', '-r', '--conditions', '-C', '--import', '--loader', '--max-old-space-size'].includes(args[i])) i++;
    else if (!args[i].startsWith('-')) return args[i];
  }
  return '';
}

function kindOf(pid, procs, cmds) {
  const cmd = cmds.get(pid) ?? '';
  const args = cmd.split(' ');
  const exe = (args[0] ?? '').split('/').pop();
  const comm = procs.get(pid)?.comm ?? '';
  if (/chrom|headless/i.test(exe) || /chrom|headless/i.test(comm)) return 'Chromium';
  if (exe === 'java' || comm === 'java') return 'Firestore emulator (Java)';
  if (/soffice|libreoffice|oosplash/i.test(exe + comm)) return 'LibreOffice';
  if (/espeak|ffmpeg|ffprobe/.test(exe + comm)) return 'media tools (espeak-ng, ffmpeg)';
  if (exe !== 'node') return /^npm|^npx/.test(comm) ? 'npm, npx' : `other (${comm})`;
  const script = scriptOf(args);
  if (script.includes('functionsEmulatorRuntime') || script.endsWith('/firebase-functions')) return 'Functions emulator workers';
  if (script.endsWith('/firebase') || script.includes('firebase-tools')) return 'Firebase CLI (Hosting, Auth emulator)';
  if (script.includes('vitest')) {
    // A vitest worker is known by its run: walk up to the process that holds the run's arguments.
    for (let p = pid, hops = 0; p && hops < 8; p = procs.get(p)?.ppid, hops++) {
      const c = cmds.get(p) ?? cmdline(p);
      if (c.includes('--outputFile.json') && scriptOf(c.split(' ')).includes('vitest')) return `vitest: ${suiteOfVitest(c)}`;
    }
    return 'vitest: other';
  }
  if (/\btsc\b|typescript/.test(script)) return 'type-checking (tsc)';
  if (script.includes('eslint')) return 'lint (eslint)';
  if (/\bvite\b|esbuild|rolldown/.test(script)) return 'build (vite)';
  if (/npm|npx/.test(script)) return 'npm, npx';
  return 'other node';
}

const started = Date.now();
const selfAtStart = snapshot().get(process.pid)?.cpu ?? 0;
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const byPid = new Map(); // pid → { kind, cpu (last seen ticks), base (ticks at first sight if older than the run) }
const cmds = new Map();
const timeline = []; // per sample: { t, delta: Map(kind → ticks) }
const busyAtStart = machineBusy();

function machineBusy() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return { busy: f[0] + f[1] + f[2] + f[5] + f[6] + f[7], all: f.reduce((a, b) => a + b, 0) };
}

function sample() {
  const procs = snapshot();
  // The command's process tree.
  const children = new Map();
  for (const [pid, p] of procs) {
    if (!children.has(p.ppid)) children.set(p.ppid, []);
    children.get(p.ppid).push(pid);
  }
  const tree = [];
  const stack = [child.pid];
  while (stack.length) {
    const pid = stack.pop();
    if (!procs.has(pid)) continue;
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  const delta = new Map();
  for (const pid of tree) {
    const p = procs.get(pid);
    let seen = byPid.get(pid);
    if (!seen || seen.start !== p.start) {
      if (!cmds.has(pid) || seen?.start !== p.start) cmds.set(pid, cmdline(pid));
      seen = { kind: kindOf(pid, procs, cmds), cpu: 0, start: p.start };
      byPid.set(pid, seen);
    } else if (seen.kind.startsWith('other') || seen.kind === 'npm, npx') {
      // A process that exec'd into something else (npx → vitest, bash → firebase) takes its new kind.
      const cmd = cmdline(pid);
      if (cmd && cmd !== cmds.get(pid)) {
        cmds.set(pid, cmd);
        seen.kind = kindOf(pid, procs, cmds);
      }
    }
    const d = p.cpu - seen.cpu;
    seen.cpu = p.cpu;
    if (d > 0) delta.set(seen.kind, (delta.get(seen.kind) ?? 0) + d);
  }
  timeline.push({ t: Date.now(), delta });
}

const timer = setInterval(sample, INTERVAL_MS);
const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
clearInterval(timer);
const wall = (Date.now() - started) / 1000;
const self = snapshot().get(process.pid);
const selfStat = readFileSync('/proc/self/stat', 'utf8').slice(readFileSync('/proc/self/stat', 'utf8').lastIndexOf(')') + 2).split(' ');
// cutime + cstime: every process the command waited for, whole.
const waited = (Number(selfStat[13]) + Number(selfStat[14])) / TICK;
const busyAtEnd = machineBusy();

const perKind = new Map();
for (const { delta } of timeline) for (const [kind, d] of delta) perKind.set(kind, (perKind.get(kind) ?? 0) + d / TICK);
const sampled = [...perKind.values()].reduce((a, b) => a + b, 0);
// A process its parent never waited for (an emulator's worker killed at the end) is missing from `waited`.
const total = Math.max(waited, sampled);

const fmt = (s, w = 7) => s.toFixed(1).padStart(w);
console.log(`\n== suite-time: ${command.join(' ')} (exit ${code}) ==`);
console.log(`wall ${wall.toFixed(0)} s; CPU ${total.toFixed(0)} s (${(total / wall).toFixed(2)} cores on average; sampled ${sampled.toFixed(0)} s, waited for ${waited.toFixed(0)} s)`);
const machine = (busyAtEnd.busy - busyAtStart.busy) / TICK;
console.log(`the whole machine meanwhile: ${machine.toFixed(0)} s CPU busy of ${((busyAtEnd.all - busyAtStart.all) / TICK).toFixed(0)} (others' work and the kernel included)`);
console.log(`this sampler: ${(((self?.cpu ?? 0) - selfAtStart) / TICK).toFixed(1)} s CPU\n`);
const processes = new Map();
for (const { kind } of byPid.values()) processes.set(kind, (processes.get(kind) ?? 0) + 1);
console.log('CPU s     share  processes  process kind');
for (const [kind, s] of [...perKind].sort((a, b) => b[1] - a[1])) {
  console.log(`${fmt(s)}  ${fmt((100 * s) / total, 5)} %  ${String(processes.get(kind) ?? 0).padStart(9)}  ${kind}`);
}
if (total - sampled > 0.05) console.log(`${fmt(total - sampled)}  ${fmt((100 * (total - sampled)) / total, 5)} %  short-lived and last moments (not sampled)`);

// Per file: vitest's own time, and an estimate of its CPU.
const files = [];
if (existsSync(results)) {
  for (const name of readdirSync(results).filter((f) => f.endsWith('.json'))) {
    let report;
    try {
      report = JSON.parse(readFileSync(join(results, name), 'utf8'));
    } catch {
      continue;
    }
    if (!report.startTime || report.startTime < started - 5_000) continue; // a report of an earlier run
    const suite = name.replace(/\.json$/, '');
    for (const r of report.testResults ?? []) {
      if (!r.startTime || !r.endTime) continue;
      files.push({ suite, file: r.name.replace(`${process.cwd()}/`, ''), startTime: r.startTime, endTime: r.endTime, cpu: 0, tests: r.assertionResults?.length ?? 0 });
    }
  }
}
if (files.length) {
  const EMULATORS = ['Firestore emulator (Java)', 'Functions emulator workers', 'Firebase CLI (Hosting, Auth emulator)'];
  const emulated = (f) => f.suite !== 'unit';
  let prev = started;
  for (const { t, delta } of timeline) {
    const running = files.filter((f) => f.startTime < t && f.endTime > prev);
    prev = t;
    for (const [kind, d] of delta) {
      let share;
      if (EMULATORS.includes(kind)) share = running.filter(emulated);
      else if (kind === 'Chromium') share = running.filter((f) => f.file.startsWith('e2e/'));
      else if (kind.startsWith('vitest: ')) share = running.filter((f) => f.suite === kind.slice(8));
      else continue;
      for (const f of share) f.cpu += d / TICK / share.length;
    }
  }
  const bySuite = new Map();
  for (const f of files) {
    const s = bySuite.get(f.suite) ?? { files: 0, time: 0, cpu: 0 };
    s.files++;
    s.time += (f.endTime - f.startTime) / 1000;
    s.cpu += f.cpu;
    bySuite.set(f.suite, s);
  }
  console.log('\nper suite: files, vitest file time summed, estimated CPU');
  for (const [suite, s] of bySuite) console.log(`${suite.padEnd(8)} ${String(s.files).padStart(4)} files ${fmt(s.time, 8)} s ${fmt(s.cpu, 8)} s CPU`);
  const top = Number(process.env.SUITE_TIME_TOP ?? 25);
  console.log(`\nthe ${top} slowest files: vitest's time (s), estimated CPU (s), tests`);
  for (const f of files.sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime)).slice(0, top)) {
    console.log(`${fmt((f.endTime - f.startTime) / 1000)} ${fmt(f.cpu)} ${String(f.tests).padStart(4)}  ${f.file}`);
  }
}
process.exit(code);
