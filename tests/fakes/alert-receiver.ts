import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A Slack incoming webhook or a Teams workflow webhook on loopback: it keeps every POST and answers as
// the service does (INTEGRATIONS.md): Slack 200 "ok", Teams 202 with an empty body; `failNext`
// answers that many posts with 500 first.

export interface ReceivedPost {
  at: number;
  contentType: string | undefined;
  body: unknown;
}

export class AlertReceiver {
  readonly posts: ReceivedPost[] = [];
  failNext = 0;
  private server: Server | null = null;
  private port = 0;

  readonly kind: 'slack' | 'teams';

  constructor(kind: 'slack' | 'teams') {
    this.kind = kind;
  }

  /** Slack's URLs name a workspace, a channel's bot and a token: the path looks the same here. */
  get url(): string {
    return this.kind === 'slack'
      ? `http://127.0.0.1:${this.port}/services/T000/B000/XXXXXXXX`
      : `http://127.0.0.1:${this.port}/workflows/abc/triggers/manual/paths/invoke`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        let body: unknown = raw;
        try {
          body = JSON.parse(raw);
        } catch {
          // Kept as text: the test sees what came.
        }
        this.posts.push({ at: Date.now(), contentType: req.headers['content-type'], body });
        if (this.failNext > 0) {
          this.failNext--;
          res.writeHead(500, { 'content-type': 'text/plain' }).end('internal_error');
          return;
        }
        if (this.kind === 'slack') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        else res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * The text of each post as a person reads it: Slack's `text` with its three entities decoded, or
   * the text of the first TextRun of the Adaptive Card in a Teams post.
   */
  texts(): string[] {
    return this.posts.map((p) => {
      const body = p.body as { text?: string; attachments?: { content: { body: { inlines?: { text: string }[] }[] } }[] };
      if (this.kind === 'slack') return (body.text ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      return body.attachments?.[0]?.content.body[0]?.inlines?.[0]?.text ?? '';
    });
  }
}
