import { Link } from 'wouter';
import { FEATURES } from '../features.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { PageFrame } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';

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
    border: '1px solid $gray200',
    backgroundColor: '$white',
    color: '$gray900',
    textDecoration: 'none',
  },
  '& a:hover': { borderColor: '$primaryText' },
  '& strong': { display: 'block', fontSize: '$h4' },
  '& span': { fontSize: '$small', color: '$gray700' },
});

const ITEMS = FEATURES.flatMap((f) => f.adminLinks ?? []);

/** Seed spec sections 2 and 6: the admin menu, for staff (role priority <= 5). */
export default function AdminMenuPage() {
  const { isAdmin } = useAuth();
  return (
    <PageFrame
      title="管理メニュー"
      lead={isAdmin ? '管理者としてログインしています。' : 'スタッフとしてログインしています。'}
    >
      <Grid>
        {ITEMS.map((i) => (
          <li key={i.href}>
            <Link href={i.href}>
              <strong>{i.label}</strong>
              <span>{i.note}</span>
            </Link>
          </li>
        ))}
      </Grid>
    </PageFrame>
  );
}
