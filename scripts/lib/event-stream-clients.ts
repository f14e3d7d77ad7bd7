// A child process of `npm run bench:events` that holds a share of its event-stream clients.
//
// Each client is one raw TCP connection (node:net) with a hand-written HTTP/1.1 GET, read as latin1
// text: no fetch, no EventSource, no TextDecoder, no JSON parsing. A client looks only for each
// block's event name and, in a reviewAdded block, the first bench reviewer's name. So that the bench
// is not the bottleneck, the parent runs several of these processes (one per core is enough).
//
// Times are process.hrtime (CLOCK_MONOTONIC), which every process on the machine shares, in ms.
//
// Messages from the parent: { type: 'open', targets, reviews, maxPending }, { type: 'report' } and
// { type: 'close' }. To the parent: { type: 'progress', ... } every 20 ms while something changed,
// and { type: 'report', arrivals } when asked. The parent reads this process's CPU from /proc.
import { connect, type Socket } from 'node:net';

interface Target {
  host: string;
  port: number;
  path: string;
}

interface OpenMessage {
  type: 'open';
  /** One entry per client of this process: where it connects. */
  targets: Target[];
  reviews: number;
  /** At most this many connections opening at once (connected but without their first data_update). */
  maxPending: number;
}

type ParentMessage = OpenMessage | { type: 'report' } | { type: 'close' };

const REVIEW_PATTERN = /"reviewerName":"rc-bench-(\d+)"/;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

let ready = 0;
let failed = 0;
let unexpected = 0;
const failures = new Map<string, number>();
let delivered: Int32Array = new Int32Array(0);
let arrivals: Float64Array[] = [];
let closing = false;
let changed = false;
const sockets = new Set<Socket>();

function send(message: unknown): void {
  process.send?.(message);
}

function open({ targets, reviews, maxPending }: OpenMessage): void {
  delivered = new Int32Array(reviews);
  arrivals = Array.from({ length: reviews }, () => new Float64Array(targets.length).fill(NaN));
  let next = 0;
  let pending = 0;
  const openMore = () => {
    while (!closing && pending < maxPending && next < targets.length) {
      pending += 1;
      openOne(next++, targets[next - 1]!, () => {
        pending -= 1;
        openMore();
      });
    }
  };
  openMore();
}

function openOne(i: number, target: Target, settled: () => void): void {
  const socket = connect({ host: target.host, port: target.port, noDelay: true });
  sockets.add(socket);
  socket.setEncoding('latin1');
  let headerDone = false;
  let isReady = false;
  let isSettled = false;
  let over = false;
  let buffer = '';
  const settle = () => {
    if (isSettled) return;
    isSettled = true;
    settled();
  };
  const fail = (reason: string) => {
    if (over) return;
    over = true;
    sockets.delete(socket);
    socket.destroy();
    if (closing) return;
    if (isReady) ready -= 1;
    failed += 1;
    failures.set(reason, (failures.get(reason) ?? 0) + 1);
    changed = true;
    settle();
  };
  socket.on('connect', () => {
    socket.write(`GET ${target.path} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\nAccept: text/event-stream\r\n\r\n`);
  });
  socket.on('data', (chunk: string) => {
    const at = nowMs();
    buffer += chunk;
    if (!headerDone) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const status = buffer.slice(9, 12);
      if (status !== '200') return fail(`HTTP ${status}`);
      headerDone = true;
      buffer = buffer.slice(end + 4);
    }
    // Blocks end with a blank line; the chunked framing between them (\r\n<size>\r\n) never makes one.
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.includes('event: reviewAdded')) {
        const k = Number(REVIEW_PATTERN.exec(block)?.[1] ?? -1);
        const row = arrivals[k];
        if (row && Number.isNaN(row[i]!)) {
          row[i] = at;
          delivered[k]! += 1;
        } else {
          unexpected += 1;
        }
        changed = true;
      } else if (!isReady && block.includes('event: data_update')) {
        isReady = true;
        ready += 1;
        changed = true;
        settle();
      }
    }
  });
  socket.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
  socket.on('close', () => fail('stream ended by the server'));
}

function progress(): void {
  if (!changed) return;
  changed = false;
  send({ type: 'progress', ready, failed, unexpected, failures: Object.fromEntries(failures), delivered: Array.from(delivered) });
}

const ticker = setInterval(progress, 20);

process.on('message', (message: ParentMessage) => {
  if (message.type === 'open') open(message);
  else if (message.type === 'report') {
    progress();
    send({ type: 'report', arrivals });
  } else if (message.type === 'close') {
    closing = true;
    clearInterval(ticker);
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    process.disconnect?.();
    setTimeout(() => process.exit(0), 50).unref();
  }
});
process.on('disconnect', () => process.exit(0));
