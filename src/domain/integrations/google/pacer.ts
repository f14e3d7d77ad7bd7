// INTEGRATIONS.md: after approval a project may make 300 requests a minute per API. Every Google
// call of this process takes a token from one bucket: bursts of up to `burst` calls go at once,
// and beyond that calls wait so that the rate stays under `perMinute`. (With several instances,
// each has its own bucket; they sync different workspaces, so the limit is kept loosely.)

export interface PacerOptions {
  perMinute: number;
  burst: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class Pacer {
  private tokens: number;
  private last: number;
  private readonly perMs: number;
  private readonly burst: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private queue: Promise<void> = Promise.resolve();

  constructor(options: PacerOptions) {
    this.perMs = options.perMinute / 60_000;
    this.burst = options.burst;
    this.tokens = options.burst;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.last = this.now();
  }

  /** Resolves when the caller may make one request; callers are served in order. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      this.refill();
      if (this.tokens < 1) {
        await this.sleep(Math.ceil((1 - this.tokens) / this.perMs));
        this.refill();
      }
      this.tokens -= 1;
    });
    this.queue = turn.catch(() => {});
    return turn;
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + (now - this.last) * this.perMs);
    this.last = now;
  }
}

const pacers = new Map<number, Pacer>();

/** The process's one pacer for Google's APIs at the configured rate (GOOGLE_API_REQUESTS_PER_MINUTE). */
export function googlePacer(perMinute: number): Pacer {
  let pacer = pacers.get(perMinute);
  if (!pacer) pacers.set(perMinute, (pacer = new Pacer({ perMinute, burst: Math.max(1, Math.ceil(perMinute / 6)) })));
  return pacer;
}
