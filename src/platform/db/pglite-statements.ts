import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite sends every query through PostgreSQL's extended protocol with the unnamed statement, one
 * message per call into the embedded server: Parse, Describe (the statement), Bind, Describe (the
 * portal), Execute, Sync. So the server parses and plans the same text again each time, and each
 * call has a cost of its own; together that was most of what a review cost (decision 049).
 *
 * This keeps each text prepared under a name instead, as a driver's statement cache does on a
 * PostgreSQL server: the first Parse of a text is renamed, later ones are answered by the statement
 * already there, and the Describe and Bind that follow name it; PostgreSQL's plan cache then plans it
 * once where the plan does not depend on the values. Bind, Describe and Execute go to the server in
 * one call with the Sync that ends them. Results, errors and the parsing of values stay PGlite's own:
 * its answers to the messages held back (a Parse it does not send, a Bind it sends later) are only
 * kept to be joined with the rest, and they arrive in the same order with the Execute.
 *
 * A known statement whose description fails (its result no longer fits a changed table, or its
 * transaction had already failed) is closed and prepared again the next time. Messages in any other
 * order pass through untouched.
 */
export function keepStatementsPrepared(pg: PGlite, max = 128): void {
  if (prepared.has(pg)) return;
  prepared.add(pg);
  const send = pg.execProtocolRaw.bind(pg);
  const names = new Map<string, string>();
  let counter = 0;
  let toClose: string[] = [];
  /** The query under way: its statement's key and name, and what is held back to go with its Execute. */
  let current: { key: string; name: string; known: boolean; executed: boolean; held: Uint8Array[] } | null = null;

  const forget = (key: string, name: string) => {
    names.delete(key);
    toClose.push(name);
  };

  pg.execProtocolRaw = (message, options) => {
    const body = singleMessageBody(message);
    const type = body ? message[0] : undefined;
    if (type === PARSE && body![0] === 0) {
      const key = latin1(body!.subarray(1));
      const known = names.get(key);
      if (known) {
        names.delete(key);
        names.set(key, known);
        current = { key, name: known, known: true, executed: false, held: [] };
        return NOTHING();
      }
      current = { key, name: `rc${++counter}`, known: false, executed: false, held: [] };
      const closes = toClose.map((name) => frame(CLOSE, Uint8Array.of(STATEMENT), cstring(name)));
      toClose = [];
      return send(concat([...closes, frame(PARSE, cstring(current.name), body!.subarray(1))]), options);
    }
    if (!current || !body) {
      current = null;
      return send(message, options);
    }
    switch (type) {
      case DESCRIBE:
        if (body[0] === STATEMENT && body[1] === 0) {
          if (!current.known) {
            // PGlite describes only after a Parse that succeeded.
            names.set(current.key, current.name);
            current.known = true;
            if (names.size > max) {
              const [oldest, name] = names.entries().next().value!;
              forget(oldest, name);
            }
          }
          return send(frame(DESCRIBE, Uint8Array.of(STATEMENT), cstring(current.name)), options);
        }
        if (body[0] === PORTAL && body[1] === 0 && current.held.length) {
          current.held.push(message);
          return NOTHING();
        }
        break;
      case BIND: {
        const portalEnd = body.indexOf(0);
        if (body[portalEnd + 1] !== 0) break;
        current.held.push(frame(BIND, body.subarray(0, portalEnd + 1), cstring(current.name), body.subarray(portalEnd + 2)));
        return NOTHING();
      }
      case EXECUTE:
        if (!current.held.length) break;
        current.executed = true;
        return send(concat([...current.held, message, SYNC_MESSAGE]), options);
      case SYNC: {
        const { key, name, known, executed } = current;
        current = null;
        // Described and never bound: its description failed.
        if (known && !executed && names.get(key) === name) forget(key, name);
        if (executed) return NOTHING();
        break;
      }
    }
    return send(message, options);
  };
}

const prepared = new WeakSet<PGlite>();

const PARSE = 0x50; // 'P'
const DESCRIBE = 0x44; // 'D'
const BIND = 0x42; // 'B'
const EXECUTE = 0x45; // 'E'
const SYNC = 0x53; // 'S'
const CLOSE = 0x43; // 'C'
const STATEMENT = 0x53; // 'S', in Describe and Close
const PORTAL = 0x50; // 'P', in Describe
const SYNC_MESSAGE = Uint8Array.of(SYNC, 0, 0, 0, 4);
const NOTHING = () => Promise.resolve(new Uint8Array(0));

/** The body of a buffer holding exactly one frontend message, or null. */
function singleMessageBody(message: Uint8Array): Uint8Array | null {
  if (message.length < 5) return null;
  const length = ((message[1]! << 24) | (message[2]! << 16) | (message[3]! << 8) | message[4]!) >>> 0;
  return length + 1 === message.length ? message.subarray(5) : null;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
const encoder = new TextEncoder();
const cstring = (text: string) => encoder.encode(`${text}\0`);

function frame(type: number, ...parts: Uint8Array[]): Uint8Array {
  const length = 4 + parts.reduce((sum, part) => sum + part.length, 0);
  const message = new Uint8Array(1 + length);
  message[0] = type;
  new DataView(message.buffer).setInt32(1, length);
  let at = 5;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
}

function concat(messages: Uint8Array[]): Uint8Array {
  if (messages.length === 1) return messages[0]!;
  const all = new Uint8Array(messages.reduce((sum, m) => sum + m.length, 0));
  let at = 0;
  for (const m of messages) {
    all.set(m, at);
    at += m.length;
  }
  return all;
}
