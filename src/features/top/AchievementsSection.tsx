import type { PublicVoice } from '../../../contracts/achievements.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { formatCount } from '../../platform/ui/format.ts';
import { getAchievements } from './api/get-achievements.ts';

/**
 * Issue 16 / product design section 6: the real figures (`/api/achievements`) and the customer voices
 * staff publish, below the first screen. A chunk of its own, so the first screen's budget stays (ADR
 * 0038); nothing shows when the read fails (the page is complete without it).
 */
const Figures = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: '$3',
  margin: 0,
  '@md': { gridTemplateColumns: 'repeat(4, 1fr)' },
  '& > div': {
    padding: '$4 $3',
    borderRadius: '$lg',
    backgroundColor: '$white',
    border: '1px solid $gray200',
    textAlign: 'center',
  },
  '& dt': { fontSize: '$small', color: '$gray700', fontWeight: 700 },
  '& dd': { margin: 0, fontSize: '$h3', fontWeight: 800, color: '$primaryText' },
  '& dd small': { fontSize: '$small', marginLeft: '2px', color: '$gray700' },
});
const Voices = styled('ul', {
  listStyle: 'none',
  margin: '$5 0 0',
  padding: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(3, 1fr)' },
  '& li': { padding: '$4', borderRadius: '$lg', backgroundColor: '$white', border: '1px solid $gray200' },
  '& blockquote': { margin: 0 },
  '& p': { margin: 0 },
  '& footer': { marginTop: '$2', fontSize: '$small', color: '$gray700' },
});
const Title = styled('h2', { textAlign: 'center', marginBottom: '$5 !important' });
const Note = styled('p', { textAlign: 'center', fontSize: '$tiny', color: '$gray600', marginTop: '$2' });

// NOTE: labels here, not the contract's: a value import of the contract would bring zod into this chunk.
const KIND: Record<PublicVoice['kind'], string> = { shop: 'お店の方', supporter: 'フォーカスター' };

export default function AchievementsSection() {
  const res = useResource(getAchievements, 'achievements');
  if (res.state !== 'done') return null;
  const a = res.data;
  const figures: [label: string, value: number, unit: string][] = [
    ['掲載中のお店', a.shops, '店'],
    ['フォーカスター', a.supporters, '人'],
    ['承認された投稿', a.approved_posts, '件'],
    ['投稿からのアクセス', a.clicks, '回'],
  ];
  return (
    <section aria-labelledby="top-achievements" style={{ paddingTop: 48, paddingBottom: 48 }}>
      <Title id="top-achievements">Focustarの実績</Title>
      <Figures>
        {figures.map(([label, value, unit]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {formatCount(value)}
              <small>{unit}</small>
            </dd>
          </div>
        ))}
      </Figures>
      <Note>
        数字は数分おきに更新しています。アクセス数にはボットや同じ方の短時間の再アクセスを含みません。
      </Note>
      {a.voices.length > 0 && (
        <Voices aria-label="ご利用者の声">
          {a.voices.map((v) => (
            <li key={v.id}>
              <figure style={{ margin: 0 }}>
                <blockquote>
                  <p>{v.body}</p>
                </blockquote>
                <footer>
                  {KIND[v.kind]}・{v.name}
                </footer>
              </figure>
            </li>
          ))}
        </Voices>
      )}
    </section>
  );
}
