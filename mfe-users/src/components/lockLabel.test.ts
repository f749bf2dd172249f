import { lockLabel } from './lockLabel';

const now = Date.parse('2026-03-01T10:00:00Z');
const until = (ms: number) => ({ kind: 'locked' as const, until: new Date(now + ms).toISOString() });

describe('lockLabel', () => {
  it('is null for a person nothing holds', () => {
    expect(lockLabel({ idstate: 1 }, now)).toBeNull();
    expect(lockLabel({}, now)).toBeNull();
  });

  it('gives a temporary lock its minutes left, rounded up, at least one', () => {
    expect(lockLabel({ lock: until(4 * 60_000) }, now)).toEqual({ kind: 'locked', minutes: 4 });
    expect(lockLabel({ lock: until(3 * 60_000 + 1) }, now)).toEqual({ kind: 'locked', minutes: 4 });
    expect(lockLabel({ lock: until(20_000) }, now)).toEqual({ kind: 'locked', minutes: 1 });
  });

  it('lets a temporary lock go once its time is over', () => {
    expect(lockLabel({ lock: until(0) }, now)).toBeNull();
    expect(lockLabel({ lock: until(-60_000) }, now)).toBeNull();
    expect(lockLabel({ lock: { kind: 'locked', until: 'not a date' } }, now)).toBeNull();
  });

  it('reads a block, by the lock or by the state 6, over a temporary lock', () => {
    expect(lockLabel({ lock: { kind: 'blocked' } }, now)).toEqual({ kind: 'blocked' });
    expect(lockLabel({ idstate: 6 }, now)).toEqual({ kind: 'blocked' });
    expect(lockLabel({ idstate: 6, lock: until(60_000) }, now)).toEqual({ kind: 'blocked' });
  });
});
