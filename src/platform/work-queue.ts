// A small queue for CPU-heavy work (password hashing) with two priorities: at most `concurrency`
// jobs run at once, and a waiting urgent job (a sign-in) starts before any waiting background job
// (a registration's hashing). So a flood of registrations cannot make sign-in slow.

type Job = () => void;

export class WorkQueue {
  private running = 0;
  private readonly urgent: Job[] = [];
  private readonly background: Job[] = [];
  private readonly concurrency: number;

  constructor(concurrency: number) {
    this.concurrency = concurrency;
  }

  run<T>(work: () => Promise<T>, priority: 'urgent' | 'background'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job = () => {
        this.running += 1;
        work()
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.next();
          });
      };
      (priority === 'urgent' ? this.urgent : this.background).push(job);
      this.next();
    });
  }

  /** Jobs waiting to start. */
  get waiting(): number {
    return this.urgent.length + this.background.length;
  }

  private next(): void {
    while (this.running < this.concurrency) {
      const job = this.urgent.shift() ?? this.background.shift();
      if (!job) return;
      job();
    }
  }
}
