import { describe, expect, it } from 'vitest';
import { optKeyword } from './sms-keywords.ts';

describe('optKeyword', () => {
  it('reads the whole reply, whatever its case and spaces', () => {
    for (const word of ['STOP', ' stop ', 'Unsubscribe', 'cancel', 'END', 'quit', 'STOPALL', 'OptOut', 'revoke']) expect(optKeyword(word), word).toBe('stop');
    for (const word of ['START', 'unstop', ' Yes ']) expect(optKeyword(word), word).toBe('start');
  });

  it('leaves a sentence that only contains a keyword alone', () => {
    for (const body of ['please stop', 'Thanks, will do', 'yes please', '']) expect(optKeyword(body), body).toBeNull();
  });
});
