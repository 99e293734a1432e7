import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DbWatch } from './db-digest.ts';

let dir: string;
let db: DatabaseSync;
let watch: DbWatch;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'db-digest-'));
  db = new DatabaseSync(join(dir, 'x.sqlite'));
  db.exec(`
    PRAGMA foreign_keys = ON;
    CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
    CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER REFERENCES users(id) ON DELETE CASCADE, body TEXT);
    CREATE TABLE pairs (a INTEGER, b INTEGER, PRIMARY KEY (a, b));
    INSERT INTO users (name) VALUES ('a'), ('b');
    INSERT INTO notes (user_id, body) VALUES (1, 'x'), (2, 'y');
    INSERT INTO pairs VALUES (2, 1), (1, 2);
  `);
  watch = DbWatch.install(db, join(dir, 'snap.sqlite'));
});
afterEach(() => {
  watch.dispose();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DbWatch', () => {
  it('sees committed changes with the owners of the rows, cascades included', () => {
    expect(watch.collect().size).toBe(0);
    db.exec("INSERT INTO notes (user_id, body) VALUES (2, 'z')");
    expect(watch.collect()).toEqual(new Map([['notes', new Set([2])]]));
    db.exec('DELETE FROM users WHERE id = 1');
    expect(watch.collect()).toEqual(new Map([['users', new Set([1])], ['notes', new Set([1])]]));
  });

  it('ignores rolled-back writes and writes that leave the content as it was', () => {
    db.exec("BEGIN; INSERT INTO users (name) VALUES ('c'); ROLLBACK;");
    expect(watch.collect().size).toBe(0);
    db.exec("UPDATE users SET name = name; DELETE FROM pairs WHERE a = 2; INSERT INTO pairs VALUES (2, 1);");
    expect(watch.collect().size).toBe(0);
    db.exec("UPDATE users SET name = 'B' WHERE id = 2");
    expect([...watch.collect().keys()]).toEqual(['users']);
  });

  it('puts changed tables and the autoincrement counters back as in the snapshot', () => {
    const before = db.prepare('SELECT * FROM notes ORDER BY id').all();
    db.exec("DELETE FROM users WHERE id = 1; INSERT INTO pairs VALUES (9, 9); INSERT INTO notes (user_id, body) VALUES (2, 'n')");
    expect(watch.restore().sort()).toEqual(['notes', 'pairs', 'users']);
    expect(db.prepare('SELECT * FROM notes ORDER BY id').all()).toEqual(before);
    expect(watch.differing()).toEqual([]);
    // Ids repeat after a restore: the next note is id 3 again.
    db.exec("INSERT INTO notes (user_id, body) VALUES (1, 'again')");
    expect(db.prepare('SELECT max(id) AS id FROM notes').get()).toEqual({ id: 3 });
    expect(watch.restore()).toEqual(['notes']);
    // Nothing changed: nothing to restore.
    expect(watch.restore()).toEqual([]);
  });

  it('restores the counters even when the rows are back by themselves', () => {
    db.exec("INSERT INTO users (name) VALUES ('tmp'); DELETE FROM users WHERE name = 'tmp';");
    expect(watch.collect().size).toBe(0);
    expect(watch.restore()).toEqual(['sqlite_sequence']);
    db.exec("INSERT INTO users (name) VALUES ('c')");
    expect(db.prepare('SELECT max(id) AS id FROM users').get()).toEqual({ id: 3 });
  });
});
