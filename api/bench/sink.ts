/**
 * The benches' SMTP sink, in a process of its own (smtp-sink-process.ts) so that accepting mail
 * does not share the event loop of what is measured: its URL, the messages and distinct
 * recipients accepted so far, and its stop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface Sink {
  url: string;
  count(): Promise<{ count: number; recipients: number }>;
  stop(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
  const child: ChildProcess = fork(path.join(__dirname, 'smtp-sink-process.ts'), [], {
    execArgv: ['--conditions=source', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`smtp sink exited with ${code}`)));
  });
  return {
    url,
    count: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as { count: number; recipients: number }));
        child.send('count');
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}
