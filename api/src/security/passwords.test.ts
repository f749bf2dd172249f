import { argon2Concurrency } from './passwords';

describe('argon2Concurrency', () => {
  it('runs as many hashes at once as the process has cores, within libuv’s pool', () => {
    expect(argon2Concurrency({}, 2)).toBe(2);
    expect(argon2Concurrency({}, 8)).toBe(4);
    expect(argon2Concurrency({ UV_THREADPOOL_SIZE: '16' }, 8)).toBe(8);
    expect(argon2Concurrency({ UV_THREADPOOL_SIZE: '2' }, 8)).toBe(2);
    expect(argon2Concurrency({}, 1)).toBe(1);
  });

  it('takes ARGON2_CONCURRENCY when it is a positive whole number, and ignores it otherwise', () => {
    expect(argon2Concurrency({ ARGON2_CONCURRENCY: '3' }, 2)).toBe(3);
    expect(argon2Concurrency({ ARGON2_CONCURRENCY: '0' }, 2)).toBe(2);
    expect(argon2Concurrency({ ARGON2_CONCURRENCY: 'many' }, 2)).toBe(2);
    expect(argon2Concurrency({ ARGON2_CONCURRENCY: '1.5' }, 2)).toBe(2);
  });
});
