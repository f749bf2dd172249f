import * as v from 'valibot';
import {
  MENU_ICON_LABEL_MAX,
  MENU_ICON_NAMES,
  MENU_ICON_SIZE_DEFAULT,
  MENU_LOCATION,
  MENU_SECTION,
  MenuItemSchema,
  newMenuKey,
  privilegeList,
  type MenuItem,
  type MenuLocation,
} from '@suite/shared/console';

/** What the item form edits (docs/product/menus.md, Fields): privileges as a list, the link as URL or function. */
export interface ItemDraft {
  key: string;
  name: string;
  privileges: string[];
  section: number;
  isFunction: boolean;
  url: string;
  functionName: string;
  description: string;
  isActivate: boolean;
  iconName: string;
}

export function draftOf(item: MenuItem | undefined): ItemDraft {
  return {
    key: item?.key ?? newMenuKey(),
    name: item?.name ?? '',
    privileges: privilegeList(item?.privilege ?? ''),
    section: item?.section ?? MENU_SECTION.application,
    isFunction: item?.isFunction ?? false,
    url: item?.url ?? '',
    functionName: item?.functionName ?? '',
    description: item?.description ?? '',
    isActivate: item?.isActivate ?? true,
    iconName: item?.isPersonalizedIcon ? '' : (item?.iconName ?? ''),
  };
}

/** The item a draft makes (its children kept), checked with the same schema the API applies; or the first problem per field. */
export function itemOf(
  draft: ItemDraft,
  location: MenuLocation,
  application: string,
  base?: MenuItem,
): { item?: MenuItem; errors: Partial<Record<keyof ItemDraft, string>> } {
  const candidate = {
    key: draft.key,
    name: draft.name,
    privilege: draft.privileges.join(','),
    url: draft.isFunction ? '' : draft.url,
    isFunction: draft.isFunction,
    functionName: draft.isFunction ? draft.functionName : '',
    description: draft.description,
    isActivate: draft.isActivate,
    sizeIcon: base?.sizeIcon ?? MENU_ICON_SIZE_DEFAULT,
    iconName: draft.iconName,
    isPersonalizedIcon: false,
    ...(location === MENU_LOCATION.user ? { section: draft.section } : {}),
    menuLocation: location,
    application,
    children: base?.children ?? [],
  };
  const result = v.safeParse(MenuItemSchema, candidate);
  if (result.success) return { item: result.output, errors: {} };
  const errors: Partial<Record<keyof ItemDraft, string>> = {};
  for (const issue of result.issues) {
    const field = String(v.getDotPath(issue) ?? '').split('.')[0];
    const key = (field === 'privilege' ? 'privileges' : field) as keyof ItemDraft;
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** Icon names matching a search (any part of the name; spaces read as dashes). */
export function matchingIcons(search: string): readonly string[] {
  const needle = search.trim().toLowerCase().replace(/\s+/g, '-');
  return needle ? MENU_ICON_NAMES.filter((name) => name.includes(needle)) : MENU_ICON_NAMES;
}

/** A label cut at 12 characters. */
export const iconLabel = (name: string) => (name.length > MENU_ICON_LABEL_MAX ? `${name.slice(0, MENU_ICON_LABEL_MAX)}…` : name);
