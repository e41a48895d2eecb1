import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'jotlist-logger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Logs two entries in a real process (stdout is a pipe here) and returns what it printed. */
function logInChild(pretty: 'default' | 'true') {
  const script = join(dir, `log-${pretty}.mts`);
  writeFileSync(
    script,
    [
      `import { createLogger } from ${JSON.stringify(join(root, 'src/server/logger.ts'))};`,
      `const log = createLogger('info'${pretty === 'true' ? ', { pretty: true }' : ''});`,
      `log.info({ reqId: 'r1', req: { method: 'GET', url: '/api/health' } }, 'incoming request');`,
      `log.warn({ reason: 'database unreachable' }, 'health check failed');`,
    ].join('\n'),
  );
  return spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('log lines', () => {
  it('are one JSON object per line when stdout is not a terminal', () => {
    const result = logInChild('default');
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string })).toMatchObject([
      { level: 30, msg: 'incoming request', reqId: 'r1' },
      { level: 40, msg: 'health check failed', reason: 'database unreachable' },
    ]);
  });

  it('are one readable line per entry in pretty mode (what a terminal gets)', () => {
    const result = logInChild('true');
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: incoming request \{"reqId":"r1","req":\{"method":"GET","url":"\/api\/health"\}\}$/,
    );
    expect(lines[1]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: health check failed \{"reason":"database unreachable"\}$/,
    );
  });

  it('can be chosen with LOG_FORMAT (auto by default; npm run dev asks for pretty)', () => {
    expect(loadConfig({}).LOG_FORMAT).toBe('auto');
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' })).toThrow('LOG_FORMAT must be auto, pretty or json');
    const dev = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { dev: string } })
      .scripts.dev;
    expect(dev).toContain('LOG_FORMAT=pretty tsx watch src/server/main.ts');
  });
});
