import { auditDiff, sameValue, valueText } from './diff';

describe('auditDiff', () => {
  it('keeps one line per field that differs, the before’s fields first, then the after’s new ones', () => {
    const before = { name: 'Lector', description: 'Lee', state: 0, apps: ['Consola'], meta: { a: 1, b: 2 }, gone: 'x' };
    const after = { name: 'Lectores', description: 'Lee', state: 1, apps: ['Consola'], meta: { b: 2, a: 1 }, added: true };
    expect(auditDiff(before, after)).toEqual({
      kind: 'changes',
      fields: [
        { field: 'name', before: 'Lector', after: 'Lectores' },
        { field: 'state', before: 0, after: 1 },
        { field: 'gone', before: 'x', after: undefined },
        { field: 'added', before: undefined, after: true },
      ],
    });
  });

  it('has no lines when nothing differs', () => {
    expect(auditDiff({ a: 1 }, { a: 1 })).toEqual({ kind: 'changes', fields: [] });
  });

  it('lists every field of the only side there is', () => {
    expect(auditDiff(null, { userName: 'ana', ip: '10.0.0.1' })).toEqual({
      kind: 'onlyAfter',
      fields: [
        { field: 'userName', after: 'ana' },
        { field: 'ip', after: '10.0.0.1' },
      ],
    });
    expect(auditDiff({ name: 'Antiguo' }, null)).toEqual({ kind: 'onlyBefore', fields: [{ field: 'name', before: 'Antiguo' }] });
    expect(auditDiff(undefined, null)).toEqual({ kind: 'none' });
  });

  it('compares values that are not objects as a whole', () => {
    expect(auditDiff('a', 'b')).toEqual({ kind: 'changes', fields: [{ field: '', before: 'a', after: 'b' }] });
    expect(auditDiff([1, 2], [1, 2])).toEqual({ kind: 'changes', fields: [] });
    expect(auditDiff(null, 5)).toEqual({ kind: 'onlyAfter', fields: [{ field: '', after: 5 }] });
  });
});

describe('sameValue and valueText', () => {
  it('compares JSON deeply, whatever the key order; null is not a missing field', () => {
    expect(sameValue({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameValue(null, undefined)).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });

  it('shows text as it is and anything else as JSON', () => {
    expect(valueText('Lector')).toBe('Lector');
    expect(valueText(0)).toBe('0');
    expect(valueText(null)).toBe('null');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText(undefined)).toBe('');
  });
});
