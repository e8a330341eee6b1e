import { describe, expect, it } from 'vitest';
import { createWedgeBuffer } from './wedge-scanner';

function feed(keys: string, gapMs: number, start = 1_000) {
  const buffer = createWedgeBuffer();
  const answers = [...keys].map((key, i) => buffer.push(key === '\n' ? 'Enter' : key, start + i * gapMs));
  return answers.at(-1);
}

describe('keyboard-wedge scanner buffer', () => {
  it('takes fast digits ending in Enter as a scan', () => {
    expect(feed('6001234567890\n', 5)).toEqual({ kind: 'scan', code: '6001234567890' });
    expect(feed('ABC-1234\n', 20)).toEqual({ kind: 'scan', code: 'ABC-1234' });
  });

  it('leaves typing alone: slow keys, short runs, Enter alone', () => {
    expect(feed('6001234567890\n', 120)).toBeNull();
    expect(feed('12\n', 5)).toBeNull();
    expect(feed('\n', 5)).toBeNull();
  });

  it('starts a new run after a pause, and says when a run starts', () => {
    const buffer = createWedgeBuffer();
    expect(buffer.push('c', 0)).toEqual({ kind: 'start' });
    expect(buffer.push('o', 200)).toEqual({ kind: 'start' });
    const keys = [...'40000017'];
    keys.forEach((key, i) => buffer.push(key, 1_000 + i * 8));
    expect(buffer.push('Enter', 1_000 + keys.length * 8)).toEqual({ kind: 'scan', code: '40000017' });
  });

  it('forgets the run on a key that is not a character', () => {
    const buffer = createWedgeBuffer();
    [...'6001234'].forEach((key, i) => buffer.push(key, i * 5));
    buffer.push('Shift', 40);
    buffer.push('5', 45);
    expect(buffer.push('Enter', 50)).toBeNull();
  });
});
