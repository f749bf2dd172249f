import { SMTPServer } from 'smtp-server';

/** A message the sink accepted: its envelope recipients, Message-ID and raw source. */
export interface SunkMessage {
  to: string[];
  messageId: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: SunkMessage[];
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that accepts every message and keeps it in memory
 * (tests and the notification bench). `keepRaw: false` keeps only envelopes and Message-IDs.
 */
export async function startSmtpSink(options: { keepRaw?: boolean } = {}): Promise<SmtpSink> {
  const keepRaw = options.keepRaw ?? true;
  const messages: SunkMessage[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // a local sink: no reverse DNS of the client, no per-connection delay
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (keepRaw) chunks.push(chunk);
        else if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const raw = keepRaw ? Buffer.concat(chunks).toString('utf8') : head;
        const messageId = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '';
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId, raw: keepRaw ? raw : '' });
        for (const waiter of waiters.filter((w) => messages.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        callback();
      });
    },
  });
  // a sender killed mid-send (the crash tests) resets its connection: that is the test's doing, not
  // the sink's failure, and an 'error' without a listener would end the test process
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(count, timeoutMs = 10_000) {
      if (messages.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`smtp sink: ${messages.length} of ${count} messages after ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
