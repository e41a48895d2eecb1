import { describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailable } from './connection-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'an administrator terminated the backend',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['the database is starting up', withCode('the database system is starting up', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a socket cut (pg has no code)', new Error('Connection terminated unexpectedly')],
    ['a dead client reused', new Error('Client has encountered a connection error and is not queryable')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'both addresses of localhost refused',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ],
    [
      'a wrapped cause',
      new Error('Database migration failed: x', { cause: new Error('Connection terminated unexpectedly') }),
    ],
  ])('%s: yes', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "x"', '42601')],
    ['a wrong password', withCode('password authentication failed for user "x"', '28P01')],
    ['SQLite busy', withCode('database is locked', 'SQLITE_BUSY')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'Connection terminated'],
    ['nothing', null],
  ])('%s: no', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('describeDatabaseError', () => {
  it('names the code and the first line of the message', () => {
    expect(describeDatabaseError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(describeDatabaseError(withCode('the database system is starting up', '57P03'))).toBe(
      '57P03 the database system is starting up',
    );
    const both = new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '');
    expect(describeDatabaseError(both)).toBe('connect ECONNREFUSED ::1:5432');
  });
});
