import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback that accepts every message and keeps it, parsed: point SMTP_URL at
// `sink.url` and read `sink.messages`. No auth and no TLS, like a local relay. Stopping it leaves a
// port nobody listens on, which is how a test sees a mail server that is down.

export interface SinkMessage {
  /** The SMTP envelope (what the client said in MAIL FROM / RCPT TO). */
  envelope: { from: string | null; to: string[] };
  /** The message as mailparser reads it: headers, subject, from, replyTo, html, text... */
  mail: ParsedMail;
  raw: string;
}

export class SmtpSink {
  readonly messages: SinkMessage[] = [];
  /** While set, every recipient is refused with this reply (e.g. 550 "5.1.1 User unknown"). */
  refusal: { responseCode: number; message: string } | null = null;
  private server: SMTPServer | null = null;
  private waiters: { predicate: (m: SinkMessage) => boolean; resolve: (m: SinkMessage) => void }[] = [];
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Starts listening, on `port` when given (to come back on the same address after stop()). */
  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (!this.refusal) return callback();
        callback(Object.assign(new Error(this.refusal.message), { responseCode: this.refusal.responseCode }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw)
            .then((mail) => {
              const from = session.envelope.mailFrom;
              this.receive({
                envelope: { from: from ? from.address : null, to: session.envelope.rcptTo.map((r) => r.address) },
                mail,
                raw,
              });
              callback();
            })
            .catch(callback);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The first message (already received or still to come) that matches, or a rejection after `timeoutMs`. */
  waitForMessage(predicate: (m: SinkMessage) => boolean = () => true, timeoutMs = 5000): Promise<SinkMessage> {
    const found = this.messages.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { predicate, resolve: (m: SinkMessage) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`No matching message arrived within ${timeoutMs} ms (${this.messages.length} received)`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private receive(message: SinkMessage) {
    this.messages.push(message);
    const ready = this.waiters.filter((w) => w.predicate(message));
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const waiter of ready) waiter.resolve(message);
  }
}

export function startSmtpSink(port?: number): Promise<SmtpSink> {
  return new SmtpSink().start(port);
}
