import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { appUrlFor } from './app-url.ts';

const unset = loadConfig({ NODE_ENV: 'test', PORT: '3000' });
const set = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://notes.example.test/jot', PORT: '3000' });

describe('the base of the links made for a request', () => {
  it('follows the loopback address in use when APP_URL is unset', () => {
    expect(appUrlFor(unset, { protocol: 'http', host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(appUrlFor(unset, { protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3000');
    expect(appUrlFor(unset, { protocol: 'http', host: 'localhost:3000' })).toBe('http://localhost:3000');
  });

  it('never takes a Host header outside those addresses', () => {
    expect(appUrlFor(unset, { protocol: 'http', host: 'evil.example:3000' })).toBe('http://localhost:3000');
    expect(appUrlFor(unset, { protocol: 'http', host: '127.0.0.1:4000' })).toBe('http://localhost:3000');
    expect(appUrlFor(unset, { protocol: 'https', host: '127.0.0.1:3000' })).toBe('http://localhost:3000');
  });

  it('is APP_URL, path included, whenever APP_URL is set', () => {
    expect(appUrlFor(set, { protocol: 'http', host: 'notes.example.test' })).toBe(
      'http://notes.example.test/jot',
    );
    expect(appUrlFor(set, { protocol: 'http', host: '127.0.0.1:3000' })).toBe(
      'http://notes.example.test/jot',
    );
  });
});
