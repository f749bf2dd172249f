import { LANGUAGES } from './index';
import { commonResources } from './resources';

/** Every key path of a resource tree, with its value. */
function entries(tree: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? entries(value as Record<string, unknown>, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('shell texts (namespace common)', () => {
  const keys = (lng: (typeof LANGUAGES)[number]) => entries(commonResources[lng]).map(([key]) => key).sort();

  it('has every string in es, en and pt', () => {
    for (const lng of LANGUAGES) expect([lng, keys(lng)]).toEqual([lng, keys('es')]);
    for (const lng of LANGUAGES) {
      for (const [key, value] of entries(commonResources[lng])) expect([lng, key, typeof value === 'string' && value.trim() !== '']).toEqual([lng, key, true]);
    }
  });

  it('keeps the texts the spec gives verbatim', () => {
    expect(commonResources.es.maintenance.accept).toBe('Entendido');
    expect(commonResources.es.errors.generic).toBe('Something error has occurred.');
  });
});
