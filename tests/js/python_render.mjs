// What the Python side renders, for the labs' tests: a script run once in the checkout by
// the project's interpreter (.venv, else python3) with a JSON argument, its output JSON.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function python() {
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

/**
 * A function that runs `script` with `argument` (as JSON) the first time it is called and
 * returns the JSON the script printed, then the same value on every call.
 * @param {string} script @param {unknown} argument @returns {() => any}
 */
export function pythonOnce(script, argument) {
  let output = null;
  return () => {
    if (!output) {
      const text = execFileSync(python(), ['-c', script, JSON.stringify(argument)], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 << 20,
      });
      output = JSON.parse(text.toString('utf8'));
    }
    return output;
  };
}
