/**
 * The notification bench's SMTP sink, in a process of its own so that accepting mail does not
 * share the event loop of the sender being measured. Tells its parent its URL, then answers
 * 'count' with the number of messages accepted so far.
 */
import { startSmtpSink } from '../test/smtp-sink';

void startSmtpSink({ keepRaw: false }).then((sink) => {
  process.send?.({ url: sink.url });
  process.on('message', (message) => {
    if (message === 'count') process.send?.({ count: sink.messages.length, recipients: new Set(sink.messages.map((m) => m.to[0])).size });
    if (message === 'stop') void sink.close().then(() => process.exit(0));
  });
});
