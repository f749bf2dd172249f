import path from 'node:path';

/**
 * The patch of Chakra 3.37.0 (patches/@chakra-ui__react@3.37.0.patch; kept by the A/B of
 * docs/adr/0025, made in docs/adr/0021 and 0023). Its `memo`: one primitive argument is its own
 * key, anything else is hashed as upstream does, and a hit is one lookup. What it must keep from
 * upstream: equal arguments hit, different ones never share a result, an undefined result is not
 * cached. Its `createSystem` builds the global styles (all the token CSS) only when `_global` is
 * read. A test here fails when an upgrade or a lost patch drops either.
 */
const chakraDir = path.dirname(require.resolve('@chakra-ui/react/package.json'));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { memo } = require(path.join(chakraDir, 'dist/cjs/utils/memo.cjs')) as {
  memo: <T extends (...args: never[]) => unknown>(fn: T) => T;
};

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

  it('is the patched cache: a hit is a lookup that leaves the entry where it was (upstream moves it to the end)', () => {
    const { memoised, calls } = counted((n: number) => ({ n }));
    for (let i = 0; i < 500; i++) memoised(i);
    memoised(0); // a hit
    memoised(500); // the cache is full: the oldest entry leaves
    expect(calls).toHaveLength(501);
    memoised(0);
    expect(calls).toHaveLength(502);
  });
});

describe("Chakra's createSystem (patched)", () => {
  it('builds the global styles when `_global` is first read, not when the system is created', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createSystem, defaultConfig } = require('@chakra-ui/react') as typeof import('@chakra-ui/react');
    const system = createSystem(defaultConfig);
    const descriptor = Object.getOwnPropertyDescriptor(system, '_global');
    expect(typeof descriptor?.get).toBe('function');
    expect(system._global).toBe(system._global);
  });
});

describe("Chakra's conditions (patched)", () => {
  it('looks a condition name up in a set built once, not in a fresh list of keys per call', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createSystem, defaultConfig } = require('@chakra-ui/react') as typeof import('@chakra-ui/react');
    const { conditions } = createSystem(defaultConfig);
    const keys = jest.spyOn(Object, 'keys');
    let answers: boolean[];
    let lookups: number;
    try {
      answers = ['md', '_hover', 'color'].map((name) => conditions.has(name));
      lookups = keys.mock.calls.length;
    } finally {
      keys.mockRestore();
    }
    // the answers upstream gives
    expect(answers).toEqual([true, true, false]);
    // upstream builds the list of names on every lookup (`keys().includes(key)`)
    expect(lookups).toBe(0);
  });
});
