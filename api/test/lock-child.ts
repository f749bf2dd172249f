/**
 * Child process of data-dir-lock.test.ts: tries to lock DATA_DIR once, prints "won" or
 * "in use <pid>", holds a won lock for HOLD_MS, then exits (releasing it).
 */
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock';

async function main(): Promise<void> {
  const dir = process.env.DATA_DIR as string;
  // start together: every child waits for the same moment before trying
  const startAt = Number(process.env.START_AT ?? 0);
  if (startAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
  try {
    const lock = await lockDataDir(dir);
    process.stdout.write('won\n');
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.HOLD_MS ?? 1000)));
    lock.release();
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    process.stdout.write(`in use ${error.pid}\n`);
  }
}

void main();
