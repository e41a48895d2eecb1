import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const required = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

/** Runs a script under this Node.js made to report `version` (the check reads process.versions.node). */
function runAs(version: string, script: string) {
  const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${version}'})`;
  return spawnSync(process.execPath, ['--import', pretend, join(root, script)], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('a newcomer on an old Node.js', () => {
  it('npm start says in one line which Node.js it needs, and stops before doing anything', () => {
    const result = runAs('20.20.2', 'scripts/start.mjs');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Jotlist needs Node.js ${required}, but this is Node.js 20.20.2. Install Node.js 24 (for example \`nvm install 24\`; see .nvmrc), then run npm install again.\n`,
    );
  });

  it('the check follows package.json engines, the range npm enforces (.npmrc engine-strict)', () => {
    const verdicts = Object.fromEntries(
      ['18.20.0', '20.20.2', '22.12.0', '22.22.2', '24.14.0', '24.15.0', '26.1.0'].map((version) => [
        version,
        runAs(version, 'scripts/check-node.mjs').status,
      ]),
    );
    expect(verdicts).toEqual({
      '18.20.0': 1,
      '20.20.2': 1,
      '22.12.0': 1,
      '22.22.2': 0,
      '24.14.0': 1,
      '24.15.0': 0,
      '26.1.0': 0,
    });
    expect(readFileSync(join(root, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});
