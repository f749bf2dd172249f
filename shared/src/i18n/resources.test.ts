import { LANGUAGES } from './index';
import { textLeaves } from '../testing/i18n';
import { commonResources } from './resources';

describe('shell texts (namespace common)', () => {
  const keys = (lng: (typeof LANGUAGES)[number]) => [...textLeaves(commonResources[lng]).keys()].sort();

  it('has every string in es, en and pt', () => {
    for (const lng of LANGUAGES) expect([lng, keys(lng)]).toEqual([lng, keys('es')]);
    for (const lng of LANGUAGES) {
      for (const [key, value] of textLeaves(commonResources[lng]))
        expect([lng, key, typeof value === 'string' && value.trim() !== '']).toEqual([lng, key, true]);
    }
  });

  it('keeps the documented texts verbatim', () => {
    expect(commonResources.es.maintenance.accept).toBe('Entendido');
    expect(commonResources.es.errors.generic).toBe('Something error has occurred.');
  });
});
