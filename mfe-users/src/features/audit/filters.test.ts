import { NO_FILTERS, dayStart, rangeInverted, rememberFilters, rememberedFilters, toAuditFilters } from './filters';

beforeEach(() => window.sessionStorage.clear());

describe('the audit filters', () => {
  it('sends only what was typed, trimmed, and a day range as its first and next day’s start in the browser’s time zone', () => {
    expect(toAuditFilters(NO_FILTERS)).toEqual({});
    expect(
      toAuditFilters(
        { actor: ' ana ', action: 'user.sign_in', target: '', application: 'ibuhoo', from: '2026-03-01', to: '2026-03-31' },
        ' x ',
      ),
    ).toEqual({
      search: 'x',
      actor: 'ana',
      action: 'user.sign_in',
      application: 'ibuhoo',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    });
  });

  it('reads a day or nothing', () => {
    expect(dayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
    expect(dayStart('')).toBeUndefined();
    expect(dayStart('31/12/2026')).toBeUndefined();
  });

  it('tells a range that ends before it starts', () => {
    expect(rangeInverted({ ...NO_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(rangeInverted({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(rangeInverted({ ...NO_FILTERS, to: '2026-03-01' })).toBe(false);
  });

  it('remembers the applied filters for the tab, ignoring anything malformed', () => {
    expect(rememberedFilters()).toEqual(NO_FILTERS);
    rememberFilters({ ...NO_FILTERS, actor: 'ana' });
    expect(rememberedFilters()).toEqual({ ...NO_FILTERS, actor: 'ana' });
    window.sessionStorage.setItem('suite.audit.filters', JSON.stringify({ actor: 3 }));
    expect(rememberedFilters()).toEqual(NO_FILTERS);
  });
});
