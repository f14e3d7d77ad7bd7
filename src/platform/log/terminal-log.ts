/** One JSON log line as a person reads it in a terminal: time, level, message, the other fields, then an error's lines. */
export function terminalLine(json: string): string {
  const { time, level, msg, error, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const clock = typeof time === 'string' ? time.slice(11, 23) : String(time);
  const extra = Object.entries(fields).map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const detail = typeof error === 'string' ? `\n    ${error.replaceAll('\n', '\n    ')}` : '';
  return `${clock} ${String(level).toUpperCase().padEnd(5)} ${String(msg)}${extra.join('')}${detail}\n`;
}
