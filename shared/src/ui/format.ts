/** Digits grouped with '.' as the thousands separator (Colombian style): '1023456' → '1.023.456'. */
export function formatThousands(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return text;
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
