import { Link } from 'wouter';
import { useAuth } from '../../app/hooks.ts';
import { PageFrame } from '../../components/Page.tsx';
import { styled } from '../../styles/stitches.config.ts';

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

const ITEMS = [
  { href: '/admin-focustar-list', label: '登録フォーカスター一覧', note: '登録者と審査状況の確認' },
  {
    href: '/admin-sns-examination',
    label: 'SNSアカウントの審査',
    note: '登録されたSNSアカウントの承認・却下',
  },
  { href: '/admin-recruitment', label: 'モニター募集の作成', note: 'お店のモニター募集をつくる' },
  { href: '/admin-recruitment-list', label: 'モニター募集の一覧', note: '募集の状況と当選者の選定' },
  { href: '/admin-payments', label: 'お振込み予定額', note: '月末締め・翌月15日払いの予定' },
  { href: '/admin-payments-detail', label: 'お振込みの明細', note: 'フォーカスターごとの内訳' },
  {
    href: '/admin-index-picture-list',
    label: 'トップ画像の設定',
    note: 'トップページの画像の登録と並べ替え',
  },
  { href: '/admin-url-shrinker', label: '短縮URLの作成', note: '計測用の短縮URLとクリック数' },
];

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
