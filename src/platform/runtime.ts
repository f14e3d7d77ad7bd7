import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { LiveHub } from './live/hub.ts';

/**
 * Everything a request needs that lives as long as the process. src/app/runtime.ts builds it; the
 * domain takes it (or the parts it uses) from here, below the composition root that wires it.
 */
export interface Runtime {
  config: Config;
  database: Database;
  sessionKey: Uint8Array;
  /** Seals secrets kept at rest (src/platform/secret-box.ts). */
  secretKey: Buffer;
  live: LiveHub;
  /** The durable job queue on this database (email sends, Google syncs). */
  jobs: JobQueue;
  /** Stops the queue (its running jobs get up to timeoutMs), then closes the database. */
  close(timeoutMs?: number): Promise<void>;
}
