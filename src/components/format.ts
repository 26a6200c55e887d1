/** Yen as Japanese readers expect it: `1,000円` (integer yen, product design section 5). */
export function formatYen(amount: number): string {
  return `${Math.round(amount).toLocaleString('ja-JP')}円`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('ja-JP');
}
