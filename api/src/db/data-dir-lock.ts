import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per embedded data directory. PGlite has no postmaster to refuse a second process:
 * two servers on one DATA_DIR both start, both acknowledge writes, and each overwrites the
 * other's pages, so after a restart one side's writes are gone. The lock makes the second
 * process refuse to start.
 *
 * Why a pid file and not proper-lockfile (mkdir + an mtime refreshed on a timer): its staleness
 * is time-based, so a restart after `kill -9` must wait out the stale period, and a PGlite call
 * that blocks the event loop longer than that lets another process take a live lock. Here a
 * lock is stale exactly when its owner is gone, which the kernel can tell us:
 *
 * - Acquire: the record is written to a temporary file first and hard-linked to the lock path;
 *   link() fails if the path exists, so the lock appears atomically and always complete.
 * - Liveness: `kill(pid, 0)`; on Linux also the owner's start time (/proc/<pid>/stat) and the
 *   boot id, so a PID reused by another process — or by this one, e.g. PID 1 of a restarted
 *   container — does not count as the owner.
 * - Takeover of a stale lock: only under a short-lived guard file (O_EXCL), re-reading the lock
 *   before removing it, so two processes racing to take over cannot both win: the loser's next
 *   link() fails and it finds the winner alive.
 * - Release: on close, and on process exit however it happens short of SIGKILL; after a
 *   SIGKILL the next start takes the stale lock over.
 *
 * Scope: processes of one host sharing a PID namespace (one machine, one container); that is
 * what the embedded database is for. PostgreSQL (DATABASE_URL) and memory:// need none of this.
 */

export const LOCK_FILE = 'suite.lock';

/** A guard older than this was left by a process that died in the middle of a takeover. */
const GUARD_STALE_MS = 10_000;
const ATTEMPTS = 50;

interface LockRecord {
  pid: number;
  /** Random per acquisition: tells this lock apart from any earlier one of the same pid. */
  nonce: string;
  hostname: string;
  /** Linux: the owner's start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  startTime?: string;
  /** Linux: /proc/sys/kernel/random/boot_id when the lock was taken. */
  bootId?: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by process ${pid}; stop it or choose another DATA_DIR`);
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock if it is still this process's. Idempotent. */
  release(): void;
}

/** Locks held by this process (by nonce): a second open in the same process is refused too. */
const heldHere = new Set<string>();

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function processStartTime(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // the command name (field 2) may hold spaces and parentheses: count fields after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19]; // field 22 of the whole line
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim();

function parseRecord(text: string | undefined): LockRecord | undefined {
  if (text === undefined) return undefined;
  try {
    const record = JSON.parse(text) as LockRecord;
    return Number.isInteger(record.pid) && record.pid > 0 && typeof record.nonce === 'string' ? record : undefined;
  } catch {
    return undefined;
  }
}

/** True when the process that wrote `record` may still be running. */
function ownerAlive(record: LockRecord): boolean {
  // this very process: a lock it holds is in heldHere; any other record with its pid is from a
  // previous process that had the same pid (a restarted container's PID 1, …)
  if (record.pid === process.pid) return heldHere.has(record.nonce);
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const boot = bootId();
  if (record.bootId && boot && record.bootId !== boot) return false;
  const started = processStartTime(record.pid);
  if (record.startTime && started && record.startTime !== started) return false;
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes the lock at `file` if it still holds `stale` (by nonce, or by content when it could not
 * be parsed), under the takeover guard. Returns without doing anything when another process
 * holds the guard; the caller retries.
 */
function removeStale(file: string, staleText: string): void {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = fs.openSync(guard, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > GUARD_STALE_MS) fs.unlinkSync(guard);
    } catch {
      // gone meanwhile
    }
    return;
  }
  try {
    fs.closeSync(fd);
    // between our look and the guard another process may have taken the stale lock over and
    // written a live one: remove only what we judged stale
    const current = readText(file);
    if (current === undefined) return;
    const judged = parseRecord(staleText);
    const now = parseRecord(current);
    if (judged && now ? judged.nonce === now.nonce : current === staleText) fs.unlinkSync(file);
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/**
 * Takes the exclusive lock of a PGlite data directory (created if missing) for the life of this
 * process. Throws DataDirInUseError when a live process holds it.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);

  const record: LockRecord = {
    pid: process.pid,
    nonce: randomBytes(16).toString('hex'),
    hostname: os.hostname(),
    startTime: processStartTime(process.pid),
    bootId: bootId(),
  };
  const text = JSON.stringify(record);
  const temp = `${file}.${process.pid}.${record.nonce}.tmp`;
  fs.writeFileSync(temp, text);
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        fs.linkSync(temp, file);
        return held(file, record.nonce);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const existingText = readText(file);
      if (existingText === undefined) continue; // released meanwhile: try again
      const existing = parseRecord(existingText);
      // link() only ever publishes a complete record, so an unreadable one is not a live lock
      if (existing && ownerAlive(existing)) throw new DataDirInUseError(dir, existing.pid);
      removeStale(file, existingText);
      await sleep(10 + Math.floor(Math.random() * 20));
    }
    throw new Error(`could not lock DATA_DIR ${dir}: ${file} kept changing; try again`);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function held(file: string, nonce: string): DataDirLock {
  heldHere.add(nonce);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(nonce);
    process.removeListener('exit', release);
    // remove it only while it is ours: never another process's lock
    if (parseRecord(readText(file))?.nonce === nonce) fs.rmSync(file, { force: true });
  };
  // process.exit() and fatal errors skip close(); 'exit' listeners still run (not on SIGKILL)
  process.on('exit', release);
  return { path: file, release };
}
