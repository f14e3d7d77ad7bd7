import { describe, expect, it } from 'vitest';
import { terminalLine } from './terminal-log.ts';

describe('terminalLine', () => {
  it('writes time, level, message and fields on one line', () => {
    const line = terminalLine(
      '{"level":"info","time":"2026-11-02T09:15:04.123Z","msg":"request","method":"GET","route":"/api/teams/[id]","status":200,"workspaceId":4}\n',
    );
    expect(line).toBe('09:15:04.123 INFO  request method=GET route=/api/teams/[id] status=200 workspaceId=4\n');
  });

  it("indents an error's lines under it", () => {
    const line = terminalLine(
      JSON.stringify({ level: 'error', time: '2026-11-02T09:15:04.123Z', msg: 'Sync failed', error: 'Error: boom\n    at sync (sync.ts:1:1)' }),
    );
    expect(line).toBe('09:15:04.123 ERROR Sync failed\n    Error: boom\n        at sync (sync.ts:1:1)\n');
  });
});
