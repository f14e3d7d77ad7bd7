import { describe, expect, it } from 'vitest';
import { dockerfileCommand, startCommand } from './start-flags.ts';

describe('how main.ts is started', () => {
  it('is the same in `npm start` and in the container', () => {
    const start = startCommand();
    expect(start.flags).toContain('--max-semi-space-size=8');
    expect(start.flags).toContain('--import=./src/app/resolve-hooks.ts');
    expect(start.env).toEqual({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=131072' });
    expect(dockerfileCommand(Object.keys(start.env))).toEqual(start);
  });
});
