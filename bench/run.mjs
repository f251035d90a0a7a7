// npm run bench: builds functions and web, then runs every benchmark in bench/, printing its figures
// (`npm run bench -- workspace` runs only the ones whose name contains the word).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', cwd: `${here}/..` });
const only = process.argv[2];
for (const file of readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && (!only || f.includes(only))).sort()) {
  console.log(`\n== ${file.replace(/\.mjs$/, '')} ==`);
  execFileSync(process.execPath, [`${here}/${file}`], { stdio: 'inherit' });
}
