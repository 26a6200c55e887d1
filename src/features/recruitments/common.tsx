import { Link } from 'wouter';
import { styled } from '../../styles/stitches.config.ts';

/** What the recruitments API answers per item; fields beyond these are ignored. */
export type Recruitment = {
  id: number;
  title: string;
  shop_name?: string | null;
  benefit?: string | null;
  description?: string | null;
  winners_count?: number | null;
  status?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
};

export function listOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data))
    return (data as { data: T[] }).data;
  return [];
}

/** Dates are shown in Japan time, as people here read them: 2026年11月21日. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long' }).format(d);
}

const Grid = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(2, 1fr)' },
  '@lg': { gridTemplateColumns: 'repeat(3, 1fr)' },
  '& a': {
    display: 'block',
    height: '100%',
    padding: '$4',
    borderRadius: '$lg',
    backgroundColor: '$white',
    boxShadow: '$card',
    color: '$gray900',
    textDecoration: 'none',
  },
  '& h2': { fontSize: '$h4', margin: '0 0 $1' },
  '& p': { fontSize: '$small', color: '$gray700', margin: 0 },
});

export function RecruitmentList({ items, base }: { items: Recruitment[]; base: string }) {
  return (
    <Grid>
      {items.map((r) => (
        <li key={r.id}>
          <Link href={`${base}/${r.id}`}>
            <h2>{r.title}</h2>
            {r.shop_name && <p>{r.shop_name}</p>}
            {r.benefit && <p>特典：{r.benefit}</p>}
            <p>
              {r.status ?? ''} {r.ends_at ? `・${formatDate(r.ends_at)}まで` : ''}
            </p>
          </Link>
        </li>
      ))}
    </Grid>
  );
}
