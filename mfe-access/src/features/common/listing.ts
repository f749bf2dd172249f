/** The titles of a comma list of applications (`sharedApps`), in order, blanks dropped. */
export function applicationTitles(sharedApps: string): string[] {
  return sharedApps
    .split(',')
    .map((title) => title.trim())
    .filter(Boolean);
}

/** The applications column: the first two, and how many more (docs/product/access.md, Screens). */
export function firstApplications(titles: readonly string[], shown = 2): { shown: string[]; more: number } {
  return { shown: titles.slice(0, shown), more: Math.max(0, titles.length - shown) };
}

/** Role names are cut at 40 characters where space is tight (docs/product/access.md, Limits). */
export const NAME_CUT = 40;
export function cutName(name: string, max = NAME_CUT): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
