/** Yen as Japanese readers expect it: `1,000円` (integer yen, product design section 5). */
export function formatYen(amount: number): string {
  return `${Math.round(amount).toLocaleString('ja-JP')}円`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('ja-JP');
}

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** A moment as people in Japan read it, in Japan time: `2026年11月23日 19:04`. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}
