import { pino, type Logger } from 'pino';
import { terminalLine } from './terminal-log.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Errors written to the log say what failed and where, never with what: a failed query's parameters
// (password hashes, customer names and emails, review-link tokens) and a driver's detail line (which
// quotes the offending row) stay out. Only names, codes, messages and stack frames are written.

const MAX_CAUSES = 3;

type ErrorLike = { name: string; message: string; stack?: string | undefined; code?: unknown; cause?: unknown };

/**
 * An Error, or an object that carries one's fields: pg-boss reports a worker's failure as a copy of
 * the error (`{ ...error, message, stack, queue }`), which is no Error and has no name of its own.
 */
function errorLike(value: unknown): ErrorLike | null {
  if (value instanceof Error) return value;
  if (typeof value !== 'object' || value === null) return null;
  const fields = value as Record<string, unknown>;
  if (typeof fields.message !== 'string') return null;
  return {
    name: typeof fields.name === 'string' ? fields.name : 'Error',
    message: fields.message,
    stack: typeof fields.stack === 'string' ? fields.stack : undefined,
    code: fields.code,
    cause: fields.cause,
  };
}

/** One error, safe to log: its kind, its message (a query's without its parameters) and its stack frames. */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < MAX_CAUSES; depth++) {
    const error = errorLike(current);
    if (!error) {
      lines.push(depth === 0 ? `${typeof current} thrown` : `caused by a ${typeof current}`);
      break;
    }
    const code = error.code;
    const message = error.message.split(/\nparams: /)[0]!;
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    lines.push(`${depth === 0 ? '' : 'caused by '}${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${message}`, ...frames.slice(0, 8));
    current = error.cause;
  }
  return lines.join('\n');
}

/** JSON lines on stdout ({"level":"info","time":"…","msg":"…",…}); readable lines when stdout is a terminal. */
function createLogger(): Logger {
  return pino(
    {
      level: 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    process.stdout.isTTY ? { write: (line: string) => process.stdout.write(terminalLine(line)) } : process.stdout,
  );
}

// main.ts runs this module from source while the Astro bundle holds its own copy of it: a global
// keyed by Symbol.for gives both copies one logger (and one level) per process.
const HOLDER_KEY = Symbol.for('review-challenge.logger');
type Holder = { logger?: Logger };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[HOLDER_KEY] ??= {});

/** The process's logger. Fields never carry cookies, passwords, tokens, customer details or raw paths. */
export const log: Logger = (holder.logger ??= createLogger());

export function setLogLevel(level: LogLevel): void {
  log.level = level;
}

/** A failure at error level, described by describeError. */
export function logError(message: string, error: unknown, fields: Record<string, unknown> = {}): void {
  log.error({ ...fields, error: describeError(error) }, message);
}
