/** Digits grouped with '.' as the thousands separator (Colombian style): '1023456' → '1.023.456'. */
export function formatThousands(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return text;
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A date as dd/mm/yyyy (console lists: created date). A date-only 'yyyy-mm-dd' is taken as is;
 * a timestamp is shown in the browser's time zone. Empty or unreadable values give ''.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const dateOnly = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim()) : null;
  if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`;
}
