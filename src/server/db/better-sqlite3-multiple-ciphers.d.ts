// The driver is better-sqlite3 with SQLite3 Multiple Ciphers compiled in: the same API. Its own typings
// are not reachable through its package.json "exports", so it borrows @types/better-sqlite3's, which are
// kept up to date with that API (keying is done with pragmas, sqlite-cipher.ts, so nothing is missing).
declare module 'better-sqlite3-multiple-ciphers' {
  import Database = require('better-sqlite3');
  export = Database;
}
