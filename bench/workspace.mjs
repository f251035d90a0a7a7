// Workspace speed: seeds a project of 50 interviews and 1,000 insights (real transcript spans as
// quotes) into fresh emulators, then drives the built app in Chromium and prints: the insights
// board's first meaningful paint (cold load and in-app navigation once cached), how fast search
// updates the board per keystroke, and frame times while scrolling.
//
//   npm run build && node bench/workspace.mjs
import { emulatorsExec, printMarkedLines } from './lib/support.mjs';

printMarkedLines(emulatorsExec('auth,firestore,hosting', 'node bench/lib/workspace-run.mjs'));
