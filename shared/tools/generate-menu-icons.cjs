#!/usr/bin/env node
/**
 * Writes the menu icon set from @iconify-json/lucide (ISC licence):
 * - src/contracts/menu-icon-names.ts: the names only (the API checks menu items against it);
 * - src/menu-icons/icons.ts: name → SVG body, loaded by the icon picker and by menus that draw icons;
 * - src/menu-icons/shell.ts: the few the shell draws with the console's menus as seeded (its
 *   sections' icons in the route map, the user menu's, the top bar's fallback), so a console page
 *   draws its drawer without loading the whole set (shell.test.ts holds the list to the route map).
 * The selection below is the set the console offers (about 400 of Lucide's icons, chosen for
 * navigation menus). Run: node shared/tools/generate-menu-icons.cjs
 */
const fs = require('node:fs');
const path = require('node:path');

const SELECTION = `
  activity alarm-clock align-center align-left align-right anchor aperture app-window archive
  arrow-down arrow-down-to-line arrow-left arrow-left-right arrow-right arrow-up arrow-up-down
  arrow-up-right at-sign award backpack badge badge-check badge-dollar-sign badge-info
  badge-percent ban banknote barcode battery battery-charging bell bell-off bell-ring bike binary
  blocks bluetooth bolt book book-marked book-open bookmark bot box boxes brain briefcase
  briefcase-business brush bug building bus calculator calendar calendar-check calendar-clock
  calendar-days calendar-plus calendar-x camera car chart-area chart-bar chart-column chart-line
  chart-pie chart-scatter check check-check chevron-down chevron-left chevron-right chevron-up
  circle circle-alert circle-check circle-dollar-sign circle-minus circle-plus circle-slash
  circle-user circle-x clipboard clipboard-check clipboard-list clipboard-copy clock cloud
  cloud-download cloud-upload code code-xml coffee cog coins columns-2 command compass component
  computer contact cookie copy copyright cpu credit-card crop crown database delete diamond
  dollar-sign door-open download droplet earth ellipsis ellipsis-vertical eraser euro expand
  external-link eye eye-off factory feather file file-check file-code file-down file-image
  file-key file-lock file-minus file-pen file-plus file-search file-spreadsheet file-text file-up
  file-x files film filter flag flame flask-conical folder folder-cog folder-lock folder-open
  folder-plus folder-search folder-tree folders frame gauge gavel gem gift git-branch globe
  globe-lock graduation-cap grid-2x2 grid-3x3 grip grip-vertical hammer hand hand-coins
  hand-helping handshake hard-drive hash headphones headset heart heart-pulse hospital hourglass
  house id-card image images import inbox infinity info key key-round keyboard landmark languages
  laptop layers layout-dashboard layout-grid layout-list layout-panel-left layout-template leaf
  library life-buoy lightbulb link link-2 list list-checks list-filter list-ordered list-todo
  list-tree loader loader-circle lock lock-open log-in log-out mail mail-check mail-open mail-plus
  mails map map-pin map-pinned maximize medal megaphone menu message-circle message-square
  message-square-text messages-square mic microscope minimize minus monitor monitor-smartphone
  moon move navigation network newspaper notebook notebook-pen octagon-alert package package-check
  package-open package-plus paint-bucket palette panel-left panel-right paperclip pause pen
  pen-line pen-tool pencil percent person-standing phone phone-call pie-chart piggy-bank pill pin
  plane play plug plus pocket power presentation printer puzzle qr-code receipt recycle redo
  refresh-ccw refresh-cw repeat reply rocket rotate-ccw rotate-cw route rss ruler save scale scan
  scan-face scan-line school scissors screen-share search send server server-cog settings
  settings-2 share share-2 sheet shield shield-alert shield-check shield-half shield-off
  shield-user ship shopping-bag shopping-basket shopping-cart shuffle signal signature
  sliders-horizontal sliders-vertical smartphone sparkles square square-check square-pen stamp
  star stethoscope sticky-note store sun table table-2 tablet tag tags target terminal test-tube
  text thermometer thumbs-down thumbs-up ticket timer toggle-left toggle-right tool-case trash
  trending-down trending-up triangle-alert trophy truck tv type umbrella undo university unlink
  upload user user-check user-cog user-lock user-minus user-pen user-plus user-round user-search
  user-x users users-round utensils video volume-2 wallet wand-sparkles warehouse watch webhook
  weight wifi wifi-off workflow wrench x zap zoom-in zoom-out
`;

const SHELL = `
  users clipboard-list shield-user key-round layout-grid list-tree mail shield-check log-out menu
`;

const { icons, width, height } = require('@iconify-json/lucide/icons.json');
const { version } = require('@iconify-json/lucide/package.json');
const names = SELECTION.split(/\s+/).filter(Boolean);
const unknown = names.filter((name) => !icons[name]);
if (unknown.length) throw new Error(`not in @iconify-json/lucide ${version}: ${unknown.join(', ')}`);
if (new Set(names).size !== names.length) throw new Error('an icon is listed twice');

const src = path.join(__dirname, '..', 'src');
const header = `// Generated by shared/tools/generate-menu-icons.cjs from @iconify-json/lucide ${version} (ISC). Do not edit.\n`;

fs.writeFileSync(
  path.join(src, 'contracts', 'menu-icon-names.ts'),
  `${header}\n/** The icons a menu item may name (iconName), in the picker's order. */\nexport const MENU_ICON_NAMES = [\n${names.map((n) => `  '${n}',`).join('\n')}\n] as const;\n\nexport type MenuIconName = (typeof MENU_ICON_NAMES)[number];\n`,
);

fs.writeFileSync(
  path.join(src, 'menu-icons', 'icons.ts'),
  `${header}import type { MenuIconName } from '../contracts/menu-icon-names';\n\nexport { MENU_ICON_VIEWBOX } from './shell';\n\n/** SVG body (the markup inside <svg>) of each menu icon. */\nexport const MENU_ICON_BODIES: Readonly<Record<MenuIconName, string>> = {\n${names.map((n) => `  '${n}': ${JSON.stringify(icons[n].body)},`).join('\n')}\n};\n`,
);
const shell = SHELL.split(/\s+/).filter(Boolean);
const outside = shell.filter((name) => !names.includes(name));
if (outside.length) throw new Error(`shell icons not in the selection: ${outside.join(', ')}`);
fs.writeFileSync(
  path.join(src, 'menu-icons', 'shell.ts'),
  `${header}import type { MenuIconName } from '../contracts/menu-icon-names';\n\n/** viewBox of every icon. */\nexport const MENU_ICON_VIEWBOX = '0 0 ${width} ${height}';\n\n/** The icons the shell draws with the console's menus as seeded; any other comes with the whole set. */\nexport const SHELL_ICON_BODIES: Readonly<Partial<Record<MenuIconName, string>>> = {\n${shell.map((n) => `  '${n}': ${JSON.stringify(icons[n].body)},`).join('\n')}\n};\n`,
);
process.stdout.write(`wrote ${names.length} icons, ${shell.length} for the shell\n`);
