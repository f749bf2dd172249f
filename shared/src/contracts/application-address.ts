/**
 * The host label an application answers to (`<label>.localhost`, docs/architecture.md §3): its name
 * in lower case, accents dropped and spaces as hyphens — 'Nómina Electrónica' answers at
 * nomina-electronica.localhost. Two applications never share one (the API refuses the second name).
 */
export function applicationHostLabel(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');
}
