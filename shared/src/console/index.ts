/**
 * @suite/shared/console — the building blocks of the administration console's screens, shared
 * by every console remote as its own singleton (federation policy), so /login never loads it.
 * Imports from '@suite/shared' (not relative paths) keep the page's one dialog queue, i18n
 * instance and API client.
 */
export { CONSOLE_NS, consoleResources } from './i18n';
/** The console sections' contracts (the portal's are in @suite/shared): off /login (docs/adr/0019). */
export * from '../contracts/access';
export * from '../contracts/access-api';
export * from '../contracts/users-api';
export * from '../contracts/users-catalogs';
export * from '../contracts/user-sessions';
export * from '../contracts/audit';
export * from '../contracts/applications-admin-api';
export * from '../contracts/provider-clients';
export * from '../contracts/menus-api';
export * from '../contracts/notifications-api';
export * from '../contracts/application-warnings';
export * from '../contracts/applications-admin';
export * from '../contracts/applications-appearance';
export * from '../contracts/menu-icon-names';
export * from '../contracts/menus';
export * from '../contracts/notifications';
export * from '../contracts/request';
export * from '../contracts/users-form';
export * from '../contracts/users';
// with the generic validation messages (docs/product/console.md)
export * from '../contracts/validation';
export * from './dialogs/consoleDialogs';
export * from './dialogs/DialogComponents';
export { Modal, type ModalProps } from './dialogs/Modal';
export * from './unsaved/useUnsavedChanges';
export * from './data-table/types';
export { clientPage, searchKey } from './data-table/clientRows';
export { useRememberedQuery } from './data-table/useRememberedQuery';
export { DataTable, TABLE_HEIGHT, type DataTableProps } from './data-table/DataTable';
export { LocalPageTable, type LocalPageTableProps } from './data-table/LocalPageTable';
export { SearchBar, type SearchBarProps } from './data-table/SearchBar';
export { SortMenu, type SortMenuProps } from './data-table/SortMenu';
export { Pagination, type PaginationProps } from './data-table/Pagination';
export { StateSwitch, type StateSwitchProps } from './data-table/StateSwitch';
/** A styled native <select> (keyboard and screen readers from the browser; no Chakra select machine). */
export { NativeSelect } from './data-table/NativeSelect';
export { TextArea } from './TextArea';
export { TabbedCard, type CardTab, type TabbedCardProps } from './tabbed-card/TabbedCard';
export { CardFrame, type CardFrameProps } from './frame/CardFrame';
export { ErrorAlert, type ErrorAlertProps } from './frame/ErrorAlert';
/** Server data (TanStack Query on the host's QueryClient; ADR 0009). */
export * from './query/keys';
export { createConsoleQueryClient, createTestQueryClient, retryConsoleQuery, CONSOLE_STALE_MS } from './query/client';
export { loadStateOf, type LoadState } from './query/loadState';
export * from './query/useServerPage';
export * from './query/useLocalPage';
export * from './query/useConsoleMutation';
export * from './card/useCardController';
export * from './icons';
/** Motion: entrances, a panel's items in turn, where a move landed (docs/adr/0032). */
export { MOTION, motionAllowed, useEntrance, useLanding, useStaggeredEntrance } from './motion/motion';
