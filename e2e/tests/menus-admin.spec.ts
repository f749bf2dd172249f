import { deflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { audit } from './accessibility';
import { acknowledge, DEMO_PASSWORD, signIn } from './support';

/**
 * Menu settings end to end (docs/product/menus.md): the administrator builds a nested
 * lateral menu of the console with the mouse and with the keyboard alone, reorders it across
 * levels, switches a parent off (its children go inactive with it), adds a suite tile with two
 * uploaded PNG logos and drags it first, saves, and after a reload the shell's drawer and suite
 * grid show what was saved; a user without an item's privilege does not get it. The items are added
 * after the seeded ones, which stay as they were for the other specs.
 */
const CENTRE = 'E2E Centro';
const REPORTS = 'E2E Reportes';
const HELP = 'E2E Ayuda';
const TILE = 'E2E Portal';
/** An active demo account with no role in the console: it holds none of the items' privileges. */
const PLAIN_USER = 'drojas';

/** A real PNG (signature, IHDR, IDAT, IEND with their CRCs) of `size` pixels square in one colour. */
function png(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Moves focus with Tab alone until `target` has it, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('focus never reached the element with Tab');
}

const treeItem = (tree: Locator, name: string) => tree.getByRole('treeitem', { name, exact: true });

/** Moves focus inside a tree with Home and the down arrow alone until the item `name` has it. */
async function arrowTo(page: Page, tree: Locator, name: string): Promise<void> {
  const items = tree.getByRole('treeitem');
  const names = await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')));
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  for (let i = 1; i <= names.indexOf(name); i++) {
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(i)).toBeFocused();
  }
}

test('menus are built, reordered and switched off in the editor, and the shell shows what was saved', async ({ page, browser }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Ajustes de menú' }).click();
  await page.getByRole('combobox', { name: 'Aplicación' }).selectOption({ label: 'Suite GSE' });
  const tree = page.getByRole('tree', { name: 'Ítems del menú' });
  await expect(treeItem(tree, 'Usuarios')).toBeVisible();
  expect((await audit(page, '#main')).serious, 'menu editor').toEqual([]);

  // with the keyboard alone: an item, added after the seeded ones
  await tabTo(page, page.getByRole('button', { name: '+ Crear Menu' }));
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: /Nuevo ítem/ });
  await tabTo(page, modal.getByLabel('Nombre', { exact: true }));
  await page.keyboard.type(HELP);
  await tabTo(page, modal.getByLabel('URL', { exact: true }));
  await page.keyboard.type('https://ayuda.example/');
  await tabTo(page, modal.getByRole('button', { name: 'Siguiente' }));
  await page.keyboard.press('Enter');
  await tabTo(page, modal.getByRole('button', { name: 'Cargar' }));
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(treeItem(tree, HELP)).toHaveAttribute('aria-level', '1');

  // with the mouse: two more, the second behind a privilege, then dragged into the first
  for (const [name, url, privilege] of [
    [CENTRE, 'https://centro.example/', ''],
    [REPORTS, 'https://reportes.example/', 'MENUS_READ'],
  ] as const) {
    await page.getByRole('button', { name: '+ Crear Menu' }).click();
    const form = page.getByRole('dialog', { name: /Nuevo ítem/ });
    await form.getByLabel('Nombre', { exact: true }).fill(name);
    if (privilege) await form.getByLabel('Privilegios').selectOption(privilege);
    await form.getByLabel('URL', { exact: true }).fill(url);
    if (name === CENTRE) expect((await audit(page, '[role="dialog"]')).serious, 'item modal, data').toEqual([]);
    await form.getByRole('button', { name: 'Siguiente' }).click();
    await form.getByLabel('Buscar ícono').fill('book');
    await form.getByRole('radio', { name: 'book-open', exact: true }).click();
    if (name === CENTRE) expect((await audit(page, '[role="dialog"]')).serious, 'item modal, icons').toEqual([]);
    await form.getByRole('button', { name: 'Cargar' }).click();
    await expect(form).toBeHidden();
  }
  await treeItem(tree, REPORTS).dragTo(treeItem(tree, CENTRE));
  await expect(treeItem(tree, REPORTS)).toHaveAttribute('aria-level', '2');

  // the keyboard's drag (Ctrl+Shift+D, arrows, Enter) takes the first item into the group, across levels
  await tabTo(page, tree.locator('[role="treeitem"][tabindex="0"]'));
  await arrowTo(page, tree, HELP);
  await page.keyboard.press('Control+Shift+D');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(treeItem(tree, HELP)).toHaveAttribute('aria-level', '2');
  // both now under the group, which was last of the three
  await expect(tree.getByRole('treeitem').filter({ hasText: /^E2E/ }).first()).toHaveText(CENTRE);

  // the parent switched off takes its children with it; on again, each child is switched on
  await treeItem(tree, CENTRE).click();
  await page.getByRole('checkbox', { name: `Activar ${CENTRE}` }).uncheck();
  await expect(treeItem(tree, REPORTS)).toContainText('Inactivo');
  await expect(treeItem(tree, HELP)).toContainText('Inactivo');
  await page.getByRole('checkbox', { name: `Activar ${CENTRE}` }).check();
  for (const child of [REPORTS, HELP]) {
    await treeItem(tree, child).click();
    await expect(page.getByRole('checkbox', { name: `Activar ${child}` })).not.toBeChecked();
    await page.getByRole('checkbox', { name: `Activar ${child}` }).check();
  }
  await expect(tree.getByText('Inactivo')).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar menú' }).click();
  await acknowledge(page, '¡Menú modificado exitosamente!');

  // the suite grid: a tile with two uploaded logos, dragged first
  await page.getByRole('tab', { name: 'Suite de aplicaciones' }).click();
  const grid = page.getByRole('tree', { name: 'Aplicaciones de la suite' });
  const first = grid.getByRole('treeitem').first();
  await expect(first).toBeVisible();
  await page.getByRole('button', { name: '+ Crear Menu' }).click();
  const suite = page.getByRole('dialog', { name: 'Nueva aplicación de la suite' });
  await suite.getByLabel('Nombre', { exact: true }).fill(TILE);
  await suite.getByLabel('URL de la página de inicio').fill('https://portal.example/');
  await suite.getByLabel('URL de la aplicación').fill('https://portal.example/app');
  await suite
    .getByLabel('Logo claro: Cargar imagen')
    .setInputFiles({ name: 'portal-claro.png', mimeType: 'image/png', buffer: png(32, [29, 95, 168]) });
  await expect(suite.getByRole('img', { name: 'Logo claro' })).toHaveAttribute('src', /^\/api\/images\/.+\.png$/);
  await suite
    .getByLabel('Logo oscuro: Cargar imagen')
    .setInputFiles({ name: 'portal-oscuro.png', mimeType: 'image/png', buffer: png(32, [240, 240, 240]) });
  await expect(suite.getByRole('img', { name: 'Logo oscuro' })).toHaveAttribute('src', /^\/api\/images\/.+\.png$/);
  expect((await audit(page, '[role="dialog"]')).serious, 'suite item modal').toEqual([]);
  const lightLogo = await suite.getByRole('img', { name: 'Logo claro' }).getAttribute('src');
  await suite.getByRole('button', { name: 'Guardar' }).click();
  await expect(suite).toBeHidden();
  const box = await first.boundingBox();
  await treeItem(grid, TILE).dragTo(first, { targetPosition: { x: (box?.width ?? 100) / 2, y: 2 } });
  await expect(grid.getByRole('treeitem').first()).toHaveAccessibleName(TILE);
  await page.getByRole('button', { name: 'Guardar menú' }).click();
  await acknowledge(page, '¡Menú modificado exitosamente!');

  // what users see on their next load
  await page.reload();
  const drawer = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(drawer.getByRole('link', { name: CENTRE })).toHaveAttribute('href', 'https://centro.example/');
  for (const name of [REPORTS, HELP, 'Usuarios', 'Notificaciones de correo'])
    await expect(drawer.getByRole('link', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Aplicaciones de la suite' }).click();
  const tiles = page.getByRole('dialog', { name: 'Aplicaciones de la suite' }).getByRole('link');
  await expect(tiles.first()).toHaveAccessibleName(TILE);
  await expect(tiles.first()).toHaveAttribute('href', 'https://portal.example/app');
  await expect(tiles.first().locator('img')).toHaveAttribute('src', lightLogo as string);
  expect((await audit(page, 'header')).serious, 'top bar with the suite grid open').toEqual([]);
  expect((await audit(page, 'nav[aria-label="Navegación principal"]')).serious, 'drawer').toEqual([]);

  // a user without MENUS_READ does not get the item that asks for it
  const other = await browser.newPage();
  try {
    await signIn(other, PLAIN_USER, DEMO_PASSWORD);
    const theirs = other.getByRole('navigation', { name: 'Navegación principal' });
    await expect(theirs.getByRole('link', { name: HELP })).toBeVisible();
    await expect(theirs.getByRole('link', { name: CENTRE })).toBeVisible();
    await expect(theirs.getByRole('link', { name: REPORTS })).toHaveCount(0);
    await expect(theirs.getByRole('link', { name: 'Ajustes de menú' })).toHaveCount(0);
  } finally {
    await other.close();
  }
});
