// The golden vectors of the labs (generator/course/golden.py), for the node tests: read from
// the folder $GOLDEN_DIR names (the pytest session writes them once, from its cache), or
// written once by `python -m generator golden` into a temporary folder when node runs alone.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The python of the repository's virtual environment (or the one on the PATH). */
export function python() {
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

let folder = null;

/** The folder that holds every lab's golden file. */
export function goldenFolder() {
  if (process.env.GOLDEN_DIR) return process.env.GOLDEN_DIR;
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), 'golden-'));
    execFileSync(python(), ['-m', 'generator', 'golden', '--out', folder], { cwd: ROOT, stdio: 'inherit' });
  }
  return folder;
}

/** Every lab's golden vectors that name their browser module (the labs on the lesson shape). */
export function labGoldens() {
  const dir = goldenFolder();
  return readdirSync(dir)
    .filter((name) => name.endsWith('-golden.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
    .filter((golden) => golden.module);
}
