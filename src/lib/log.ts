// Errors written to the log say what failed and where, never with what: a failed query's parameters
// (password hashes, customer names and emails, review-link tokens) and a driver's detail line (which
// quotes the offending row) stay out. Only names, codes, messages and stack frames are written.

const MAX_CAUSES = 3;

/** One error, safe to log: its kind, its message (a query's without its parameters) and its stack frames. */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < MAX_CAUSES; depth++) {
    if (!(current instanceof Error)) {
      lines.push(depth === 0 ? `${typeof current} thrown` : `caused by a ${typeof current}`);
      break;
    }
    const code = (current as { code?: unknown }).code;
    const message = current.message.split(/\nparams: /)[0]!;
    const frames = (current.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    lines.push(`${depth === 0 ? '' : 'caused by '}${current.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${message}`, ...frames.slice(0, 8));
    current = current.cause;
  }
  return lines.join('\n');
}

export function logError(context: string, error: unknown): void {
  console.error(`${context}: ${describeError(error)}`);
}
