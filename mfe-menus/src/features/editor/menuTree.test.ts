import {
  canMove,
  insertItem,
  moveInList,
  moveItem,
  nonDragMove,
  placeInList,
  placeOf,
  removeItem,
  updateItem,
  type Tree,
} from './menuTree';
import { MENU_MAX_DEPTH, type MenuItem } from '@suite/shared/console';

const node = (key: string, children: MenuItem[] = [], isActivate = true): MenuItem => ({
  key: key.padEnd(10, '0'),
  name: key,
  privilege: '',
  url: '/x',
  isFunction: false,
  functionName: '',
  description: '',
  isActivate,
  sizeIcon: '24px',
  iconName: '',
  isPersonalizedIcon: false,
  menuLocation: 1,
  application: 'ibuhoo',
  children,
});
const k = (name: string) => name.padEnd(10, '0');
const shape = (tree: Tree): unknown[] => tree.map((i) => (i.children.length ? [i.name, shape(i.children)] : i.name));

const sample = () => [node('a', [node('a1'), node('a2')]), node('b'), node('c')];

describe('menu tree editing', () => {
  it('moves up, down, into the previous sibling and out to after the parent', () => {
    const tree = sample();
    expect(shape(nonDragMove(tree, k('b'), 'up') as Tree)).toEqual(['b', ['a', ['a1', 'a2']], 'c']);
    expect(shape(nonDragMove(tree, k('b'), 'down') as Tree)).toEqual([['a', ['a1', 'a2']], 'c', 'b']);
    expect(shape(nonDragMove(tree, k('b'), 'into') as Tree)).toEqual([['a', ['a1', 'a2', 'b']], 'c']);
    expect(shape(nonDragMove(tree, k('a1'), 'out') as Tree)).toEqual([['a', ['a2']], 'a1', 'b', 'c']);
    expect(nonDragMove(tree, k('a'), 'up')).toBeUndefined();
    expect(nonDragMove(tree, k('c'), 'down')).toBeUndefined();
    expect(nonDragMove(tree, k('a'), 'out')).toBeUndefined();
    expect(shape(tree)).toEqual([['a', ['a1', 'a2']], 'b', 'c']);
  });

  it('moves across levels, never into itself nor deeper than the limit', () => {
    const tree = sample();
    expect(shape(moveItem(tree, k('c'), { parent: k('a'), index: 1 }))).toEqual([['a', ['a1', 'c', 'a2']], 'b']);
    expect(canMove(tree, k('a'), { parent: k('a1'), index: 0 })).toBe(false);
    expect(moveItem(tree, k('a'), { parent: k('a1'), index: 0 })).toBe(tree);
    let deep = node('z');
    for (let i = 1; i < MENU_MAX_DEPTH; i++) deep = node(`z${i}`, [deep]);
    const tall = [deep, node('y')];
    expect(canMove(tall, k('y'), { parent: k('z'), index: 0 })).toBe(false);
    expect(insertItem(tall, node('w'), { parent: k('z'), index: 0 })).toBe(tall);
    expect(placeOf(tree, k('a2'))).toEqual({ parent: k('a'), index: 1 });
  });

  it('switches the descendants of an item switched off, and an item moved under an inactive one', () => {
    const off = updateItem(sample(), k('a'), { isActivate: false });
    expect(off[0].children.map((c) => c.isActivate)).toEqual([false, false]);
    const moved = moveItem(off, k('b'), { parent: k('a'), index: 0 });
    expect(moved[0].children[0]).toMatchObject({ name: 'b', isActivate: false });
  });

  it('removes an item, and reorders a flat list', () => {
    expect(shape(removeItem(sample(), k('a1')))).toEqual([['a', ['a2']], 'b', 'c']);
    expect(moveInList(['x', 'y', 'z'], 2, -1)).toEqual(['x', 'z', 'y']);
    expect(moveInList(['x', 'y'], 0, -1)).toBeUndefined();
  });
});

describe('placeInList', () => {
  const list = ['a', 'b', 'c', 'd'].map((key) => ({ key }));
  const keys = (items: { key: string }[]) => items.map((item) => item.key).join('');
  it('puts the moved tiles at an index counted without them, in their order', () => {
    expect(keys(placeInList(list, new Set(['a']), 2))).toBe('bcad');
    expect(keys(placeInList(list, new Set(['d']), 0))).toBe('dabc');
    expect(keys(placeInList(list, new Set(['b', 'd']), 1))).toBe('abdc');
    expect(keys(placeInList(list, new Set(['a']), 99))).toBe('bcda');
  });
});
