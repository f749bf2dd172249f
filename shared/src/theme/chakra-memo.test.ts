import path from 'node:path';

/**
 * Chakra's `memo` as patched (patches/@chakra-ui__react@3.37.0.patch, docs/adr/0023): one
 * primitive argument is its own key, anything else is hashed as upstream does, and a hit is one
 * lookup. What it must keep from upstream: equal arguments hit, different ones never share a
 * result, an undefined result is not cached.
 */
const chakraDir = path.dirname(require.resolve('@chakra-ui/react/package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { memo } = require(path.join(chakraDir, 'dist/cjs/utils/memo.cjs')) as { memo: <T extends (...args: never[]) => unknown>(fn: T) => T };

function counted<A extends unknown[], R>(fn: (...args: A) => R) {
  const calls: A[] = [];
  const memoised = memo(((...args: A) => {
    calls.push(args);
    return fn(...args);
  }) as never) as unknown as (...args: A) => R;
  return { memoised, calls };
}

describe("Chakra's memo (patched)", () => {
  it('answers equal primitive arguments from the cache', () => {
    const { memoised, calls } = counted((value: string | number) => ({ value }));
    expect(memoised('1')).toBe(memoised('1'));
    expect(memoised(1)).toBe(memoised(1));
    expect(calls).toHaveLength(2);
  });

  it('never shares a result between arguments that differ', () => {
    const { memoised } = counted((value: unknown) => ({ value }));
    expect(memoised('1')).not.toBe(memoised(1));
    expect(memoised(true)).not.toBe(memoised('true'));
    // a string that reads like the hash of an object is still the string
    expect(memoised('o:{}')).not.toBe(memoised({}));
    expect(memoised('s:a')).not.toBe(memoised('a'));
    expect(memoised(null)).not.toBe(memoised(undefined));
  });

  it('hashes objects by content, whatever the order of their keys, and several arguments together', () => {
    const { memoised, calls } = counted((...args: unknown[]) => ({ args }));
    expect(memoised({ color: 'red', bg: 'blue' })).toBe(memoised({ bg: 'blue', color: 'red' }));
    expect(memoised({ color: 'red' })).not.toBe(memoised({ color: 'blue' }));
    expect(memoised('padding', 4)).toBe(memoised('padding', 4));
    expect(memoised('padding', 4)).not.toBe(memoised('padding', '4'));
    expect(memoised('a|b', 'c')).not.toBe(memoised('a', 'b|c'));
    expect(calls).toHaveLength(7);
  });

  it('computes an undefined result again, as upstream does', () => {
    const { memoised, calls } = counted((_key: string): undefined => undefined);
    memoised('x');
    memoised('x');
    expect(calls).toHaveLength(2);
  });

  it('stays bounded: the oldest entries leave once 500 are held, recent ones still hit', () => {
    const { memoised, calls } = counted((n: number) => ({ n }));
    for (let i = 0; i < 600; i++) memoised(i);
    const recent = memoised(599);
    expect(memoised(599)).toBe(recent);
    expect(calls).toHaveLength(600);
    memoised(0);
    expect(calls).toHaveLength(601);
  });
});
