import { applicationOptionLabel } from './applications-admin';

describe('applicationOptionLabel', () => {
  const options = [
    { id: 1, name: 'myselfcert', title: 'MySelf' },
    { id: 2, name: 'bemyself', title: 'MySelf' },
    { id: 3, name: 'firmaya', title: 'Firmaya' },
    { id: 4, name: 'nuevo', title: '' },
  ];

  it('names an application by its title, adding its name where another has the same title', () => {
    expect(options.map((option) => applicationOptionLabel(option, options))).toEqual([
      'MySelf (myselfcert)',
      'MySelf (bemyself)',
      'Firmaya',
      'nuevo',
    ]);
  });
});
