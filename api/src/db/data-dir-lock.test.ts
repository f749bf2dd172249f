import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const API_DIR = path.resolve(__dirname, '../..');
const scratchDirs: string[] = [];
const scratch = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-lock-'));
  scratchDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});
const lockFile = (dir: string) => path.join(dir, LOCK_FILE);

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

/** Field 22 of /proc/<pid>/stat (Linux), as the lock records it. */
function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function writeLock(dir: string, record: Record<string, unknown>): void {
  fs.writeFileSync(lockFile(dir), JSON.stringify({ nonce: 'f'.repeat(32), hostname: os.hostname(), ...record }));
}

// openDatabase and the server take it for a PGlite directory: test/durability.test.ts starts real
// processes on one DATA_DIR (PGlite on a directory is left to child processes: in jest's sandbox
// it keeps a handle open after close)
describe('data directory lock', () => {
  it('is exclusive while held (also within one process) and free again once released', async () => {
    const dir = scratch();
    const lock = await lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    const second = lockDataDir(dir);
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(second).rejects.toThrow(`DATA_DIR ${dir} is in use by process ${process.pid}; stop it or choose another DATA_DIR`);
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    (await lockDataDir(dir)).release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a lock whose owner is alive, naming its pid', async () => {
    const dir = scratch();
    // the parent of this test process: alive, and with its real start time where there is /proc
    writeLock(dir, { pid: process.ppid, startTime: startTime(process.ppid) });
    await expect(lockDataDir(dir)).rejects.toThrow(`is in use by process ${process.ppid}`);
  });

  it('takes over a lock whose owner is gone (kill -9), or whose pid now belongs to another process', async () => {
    const dead = scratch();
    writeLock(dead, { pid: deadPid() });
    const first = await lockDataDir(dead);
    expect(JSON.parse(fs.readFileSync(lockFile(dead), 'utf8')).pid).toBe(process.pid);
    first.release();

    // a previous process that had this process's own pid (a restarted container's PID 1)
    const samePid = scratch();
    writeLock(samePid, { pid: process.pid });
    (await lockDataDir(samePid)).release();

    // an unreadable record: link() never publishes one, so it is left over from a crash
    const garbage = scratch();
    fs.writeFileSync(lockFile(garbage), '');
    (await lockDataDir(garbage)).release();

    if (startTime(process.ppid)) {
      // PID reuse: the pid is alive but started at another time than the lock's owner
      const reused = scratch();
      writeLock(reused, { pid: process.ppid, startTime: '1' });
      (await lockDataDir(reused)).release();
    }
  });

  it('lets exactly one of several processes racing for a stale lock win', async () => {
    const dir = scratch();
    writeLock(dir, { pid: deadPid() });
    const startAt = Date.now() + 2500; // after every child has loaded
    const outputs = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'test/lock-child.ts'], {
              cwd: API_DIR,
              env: { ...process.env, DATA_DIR: dir, START_AT: String(startAt), HOLD_MS: '2500' },
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            let out = '';
            child.stdout.on('data', (chunk) => (out += chunk));
            child.on('error', reject);
            child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`child exited ${code}: ${out}`))));
          }),
      ),
    );
    expect(outputs.filter((o) => o === 'won')).toHaveLength(1);
    expect(outputs.filter((o) => /^in use \d+$/.test(o))).toHaveLength(3);
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  }, 30_000);
});
