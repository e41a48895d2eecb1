// The Node.js version check of `npm start` and `.ci/run`. It must run on any old Node.js (it uses no
// dependency and nothing newer than ES2020), because its whole point is to speak before something newer
// fails: on Node 20, better-sqlite3's binary for Node 24 dies with a bare `Segmentation fault`.
// The required range is package.json's engines.node, so there is one place to change it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const requiredNode = packageJson.engines.node;

const parse = (text) => {
  const [major = 0, minor = 0, patch = 0] = text.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
};
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` (e.g. 22.22.2) is in a range made of `||`, `^x.y.z`, `>=`, `>`, `<=`, `<`, `=`. */
export function satisfies(version, range) {
  const actual = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        const match = /^(\^|>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(comparator);
        if (!match) throw new Error(`Unsupported engines range: ${range}`);
        const wanted = parse(match[2]);
        const order = compare(actual, wanted);
        switch (match[1]) {
          case '^':
            return order >= 0 && actual[0] === wanted[0];
          case '>=':
            return order >= 0;
          case '>':
            return order > 0;
          case '<=':
            return order <= 0;
          case '<':
            return order < 0;
          default:
            return order === 0;
        }
      }),
  );
}

/** One line saying what is wrong, or null when this Node.js will do. */
export function nodeProblem(version = process.versions.node) {
  if (satisfies(version, requiredNode)) return null;
  return `Jotlist needs Node.js ${requiredNode}, but this is Node.js ${version}. Install Node.js 24 (for example \`nvm install 24\`; see .nvmrc), then run npm install again.`;
}

// `node scripts/check-node.mjs`: exit code 0 when this Node.js will do, else the line and 1.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const problem = nodeProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
