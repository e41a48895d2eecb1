import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDir, nginxBinary } from './test/cluster.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** `openssl s_client` forced to one TLS version; its output says which was negotiated, if any. */
const handshake = (port: number, version: '-tls1_3' | '-tls1_2') => {
  const result = spawnSync('openssl', ['s_client', '-connect', `127.0.0.1:${port}`, version, '-brief'], {
    input: '',
    encoding: 'utf8',
    timeout: 10_000,
  });
  // -brief reports the handshake on stderr.
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

describe('deploy/nginx-tls.conf', () => {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (apt-get install -y nginx; .ci/run does it)');
  const dir = mkdtempSync(join(tmpdir(), 'jotlist-tls-'));
  let port = 0;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    // A self-signed certificate made here, for this test only.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    port = await freePort();
    const config = readFileSync(join(deployDir, 'nginx-tls.conf'), 'utf8')
      .replace('listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`)
      .replace('/etc/ssl/jotlist/fullchain.pem', join(dir, 'cert.pem'))
      .replace('/etc/ssl/jotlist/privkey.pem', join(dir, 'key.pem'))
      .replace('/var/log/nginx/error.log', join(dir, 'error.log'))
      .replace('/run/nginx.pid', join(dir, 'nginx.pid'))
      .replace('http {', `http {\n    client_body_temp_path ${dir}/body;\n    proxy_temp_path ${dir}/proxy;`);
    writeFileSync(join(dir, 'nginx.conf'), config);
    child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    // Ready once it completes a handshake (a positive signal, no fixed wait).
    const deadline = Date.now() + 10_000;
    while (!handshake(port, '-tls1_3').output.includes('TLSv1.3')) {
      if (Date.now() > deadline) throw new Error(readFileSync(join(dir, 'error.log'), 'utf8'));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('negotiates TLS 1.3', () => {
    const result = handshake(port, '-tls1_3');
    expect(result.output).toContain('Protocol version: TLSv1.3');
  });

  it('refuses a client that offers only TLS 1.2', () => {
    const result = handshake(port, '-tls1_2');
    expect(result.status).not.toBe(0);
    expect(result.output).not.toContain('Protocol version');
  });
});
