import { ButtonLink } from '../../components/Button.tsx';
import { formatCount, formatYen } from '../../components/format.ts';
import { GUEST_SIDEBAR_COPY } from '../../components/menuItems.ts';
import { Container } from '../../components/Page.tsx';
import { useApiGet } from '../../hooks/api.ts';
import { styled } from '../../styles/stitches.config.ts';

const Hero = styled('section', {
  paddingTop: '$6',
  paddingBottom: '$6',
  textAlign: 'center',
  '@md': { paddingTop: '$8', paddingBottom: '$7' },
});
const Catch = styled('p', {
  display: 'inline-block',
  margin: '0 0 $3',
  padding: '2px 14px',
  borderRadius: '$pill',
  backgroundColor: '$white',
  color: '$primaryText',
  fontWeight: 700,
  fontSize: '$small',
  border: '1px solid $primaryLight',
});
const HeroTitle = styled('h1', {
  fontSize: '28px !important',
  lineHeight: 1.35,
  '@md': { fontSize: '40px !important' },
  '& em': { fontStyle: 'normal', color: '$primaryText' },
});
const HeroLead = styled('p', { maxWidth: '640px', marginInline: 'auto', color: '$gray700' });
const Ctas = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  alignItems: 'stretch',
  maxWidth: '360px',
  marginInline: 'auto',
  marginTop: '$5',
  '@sm': { flexDirection: 'row', maxWidth: 'none', justifyContent: 'center' },
});

const Pictures = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: '$2',
  marginBottom: '$6',
  '@md': { gridTemplateColumns: 'repeat(6, 1fr)', gap: '$3' },
});
// Every tile keeps its square whether the picture arrives or not, so nothing moves.
const Tile = styled('div', {
  aspectRatio: '1 / 1',
  borderRadius: '$md',
  overflow: 'hidden',
  background: 'linear-gradient(135deg, $primaryLight, $secondaryLight)',
  '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
});

const Section = styled('section', { paddingTop: '$6', paddingBottom: '$6' });
const SectionTitle = styled('h2', { textAlign: 'center', marginBottom: '$5 !important' });
const Steps = styled('ol', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$4',
  counterReset: 'step',
  '@md': { gridTemplateColumns: 'repeat(3, 1fr)' },
});
const Step = styled('li', {
  position: 'relative',
  padding: '$5 $4 $4',
  borderRadius: '$lg',
  backgroundColor: '$white',
  boxShadow: '$card',
  counterIncrement: 'step',
  '&::before': {
    content: 'counter(step)',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    borderRadius: '50%',
    marginBottom: '$2',
    fontWeight: 800,
    color: '$white',
  },
  '& h3': { fontSize: '$h4' },
  '& p': { margin: 0, fontSize: '$small', color: '$gray700' },
  variants: {
    tone: {
      pink: { '&::before': { backgroundColor: '$primaryText' } },
      blue: { '&::before': { backgroundColor: '$secondaryText' } },
    },
  },
});
const Band = styled('div', {
  variants: {
    tone: {
      pink: { backgroundColor: 'rgba(255,243,247,0.8)' },
      blue: { backgroundColor: 'rgba(241,249,253,0.9)' },
    },
  },
});
const Center = styled('div', { textAlign: 'center', marginTop: '$5' });

const Reasons = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$4',
  '@md': { gridTemplateColumns: 'repeat(3, 1fr)' },
  '& li': { padding: '$4', borderRadius: '$lg', backgroundColor: '$white', border: '1px solid $gray200' },
  '& h3': { fontSize: '$h4', color: '$primaryText' },
  '& p': { margin: 0, fontSize: '$small' },
});

const Figures = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, 1fr)',
  gap: '$3',
  margin: 0,
  '@md': { gridTemplateColumns: 'repeat(4, 1fr)' },
  '& div': { padding: '$4', borderRadius: '$lg', backgroundColor: '$white', textAlign: 'center' },
  '& dt': { fontSize: '$small', color: '$gray700' },
  '& dd': { margin: 0, fontSize: '28px', fontWeight: 800, color: '$primaryText' },
});
const Voices = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: '$5 0 0',
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(2, 1fr)' },
  '& li': { padding: '$4', borderRadius: '$lg', backgroundColor: '$white', borderLeft: '4px solid $primary' },
  '& blockquote': { margin: 0 },
  '& cite': { display: 'block', marginTop: '$2', fontSize: '$tiny', color: '$gray700', fontStyle: 'normal' },
});

type Picture = {
  id?: number | string;
  url?: string;
  image_url?: string;
  src?: string;
  alt?: string;
  title?: string;
};
type Voice = { id?: number | string; name?: string; body?: string; comment?: string; shop_name?: string };
type Achievements = Record<string, unknown> & { voices?: Voice[] };

const FIGURE_LABELS: [string[], string, string][] = [
  [['shops', 'shops_count', 'shop_count'], '参加しているお店', '店'],
  [['supporters', 'focustars', 'supporters_count', 'focustar_count'], '登録フォーカスター', '人'],
  [['posts', 'posts_count', 'post_count'], '応援の投稿', '件'],
  [['clicks', 'clicks_count', 'click_count'], '投稿からのアクセス', '回'],
];

function listOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data))
    return (data as { data: T[] }).data;
  return [];
}

/** Shown in the tiles until (or unless) the API has index pictures. */
const SHOP_KINDS = ['カフェ', 'レストラン', 'ヘアサロン', 'ベーカリー', '雑貨店', '居酒屋'];
const Kind = styled('span', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  height: '100%',
  fontWeight: 700,
  fontSize: '$small',
  color: '$gray900',
  '&::before': {
    content: '""',
    width: '28px',
    height: '28px',
    borderRadius: '50%',
    border: '3px solid $primary',
    backgroundColor: '$white',
  },
});
const PicturesTitle = styled('h2', { textAlign: 'center', fontSize: '$h5 !important', color: '$gray700' });

/** Index pictures from the API when it has them; the tiles keep their place either way. */
function IndexPictures() {
  const res = useApiGet<unknown>('/api/random-index-pictures');
  const pictures = res.state === 'done' ? listOf<Picture>(res.data).slice(0, 6) : [];
  return (
    <section aria-labelledby="top-pictures">
      <PicturesTitle id="top-pictures">
        {pictures.length > 0 ? 'Focustarで紹介されたお店' : 'こんなお店で使えます'}
      </PicturesTitle>
      <Pictures>
        {SHOP_KINDS.map((kind, i) => {
          const p = pictures[i];
          const src = p?.url ?? p?.image_url ?? p?.src;
          return (
            <Tile key={kind}>
              {src ? (
                <img src={src} alt={p?.alt ?? p?.title ?? 'Focustarで紹介されたお店の写真'} loading="lazy" />
              ) : (
                <Kind>{kind}</Kind>
              )}
            </Tile>
          );
        })}
      </Pictures>
    </section>
  );
}

function AchievementFigures() {
  const res = useApiGet<Achievements>('/api/achievements');
  if (res.state !== 'done' || !res.data || typeof res.data !== 'object') return null;
  const data = res.data;
  const figures = FIGURE_LABELS.flatMap(([keys, label, unit]) => {
    const value = keys.map((k) => data[k]).find((v) => typeof v === 'number');
    return typeof value === 'number' ? [{ label, value, unit }] : [];
  });
  const voices = listOf<Voice>(data.voices).filter((v) => v.body ?? v.comment);
  if (figures.length === 0 && voices.length === 0) return null;
  return (
    <Band tone="pink">
      <Container>
        <Section aria-labelledby="top-achievements">
          <SectionTitle id="top-achievements">Focustarの実績</SectionTitle>
          {figures.length > 0 && (
            <Figures>
              {figures.map((f) => (
                <div key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>
                    {formatCount(f.value)}
                    <small>{f.unit}</small>
                  </dd>
                </div>
              ))}
            </Figures>
          )}
          {voices.length > 0 && (
            <Voices aria-label="お客さまの声">
              {voices.slice(0, 4).map((v, i) => (
                <li key={v.id ?? i}>
                  <blockquote>{v.body ?? v.comment}</blockquote>
                  {(v.name ?? v.shop_name) && <cite>— {v.name ?? v.shop_name}</cite>}
                </li>
              ))}
            </Voices>
          )}
        </Section>
      </Container>
    </Band>
  );
}

/** The top page a guest sees (seed spec section 2: `/`). */
export function Landing() {
  return (
    <>
      <Container>
        <Hero aria-labelledby="top-title">
          <Catch>お店とファンをつなぐ応援サービス</Catch>
          <HeroTitle id="top-title">
            好きなお店を、
            <br />
            <em>SNSで応援</em>しよう。
          </HeroTitle>
          <HeroLead>
            いつものお店の「おいしい」「うれしい」をSNSで紹介すると、お店からお小遣いが届きます。
            お店にとっては、常連さんの言葉がいちばん信頼される広告になります。
          </HeroLead>
          <Ctas>
            <ButtonLink href="/register" size="lg">
              無料で会員登録
            </ButtonLink>
            <ButtonLink href="/introduction-advertiser" variant="outline" size="lg">
              お店の方はこちら
            </ButtonLink>
          </Ctas>
        </Hero>
        <IndexPictures />
      </Container>

      <Band tone="pink">
        <Container>
          <Section aria-labelledby="top-focustar">
            <SectionTitle id="top-focustar">フォーカスター（応援する方）の使い方</SectionTitle>
            <Steps>
              <Step tone="pink">
                <h3>無料で登録</h3>
                <p>LINEかメールアドレスで登録し、ふだん使っているSNSのアカウントを登録します。</p>
              </Step>
              <Step tone="pink">
                <h3>お店から依頼が届く</h3>
                <p>
                  お気に入りに登録したお店や、近くのお店から「拡散依頼」が届きます。内容を見て引き受けるか選べます。
                </p>
              </Step>
              <Step tone="pink">
                <h3>投稿してお小遣い</h3>
                <p>
                  「#PR」を付けて投稿し、お店に承認されると1件{formatYen(100)}
                  から報酬が貯まります。貯まったお小遣いは毎月お振込みします。
                </p>
              </Step>
            </Steps>
            <Center>
              <ButtonLink href="/faq-focustar" variant="ghost">
                フォーカスター向けのよくある質問
              </ButtonLink>
            </Center>
          </Section>
        </Container>
      </Band>

      <Band tone="blue">
        <Container>
          <Section aria-labelledby="top-shop">
            <SectionTitle id="top-shop">お店（広告主）の使い方</SectionTitle>
            <Steps>
              <Step tone="blue">
                <h3>拡散依頼をつくる</h3>
                <p>紹介してほしい内容、写真、ハッシュタグ、投稿してほしい件数と期間を決めるだけ。</p>
              </Step>
              <Step tone="blue">
                <h3>ファンが投稿</h3>
                <p>あなたのお店を応援するフォーカスターが、自分の言葉でSNSに投稿します。</p>
              </Step>
              <Step tone="blue">
                <h3>結果を確認して承認</h3>
                <p>投稿内容とアクセス数を確認し、承認した投稿にだけ費用がかかります。</p>
              </Step>
            </Steps>
            <Center>
              <ButtonLink href="/price" variant="ghost">
                料金を見る
              </ButtonLink>
            </Center>
          </Section>
        </Container>
      </Band>

      <AchievementFigures />

      <Container>
        <Section aria-labelledby="top-reasons">
          <SectionTitle id="top-reasons">Focustarが選ばれる理由</SectionTitle>
          <Reasons>
            {GUEST_SIDEBAR_COPY.map((c) => (
              <li key={c.title}>
                <h3>{c.title}</h3>
                <p>{c.body}</p>
              </li>
            ))}
          </Reasons>
          <Center>
            <ButtonLink href="/register" size="lg">
              さっそく始める（無料）
            </ButtonLink>
          </Center>
        </Section>
      </Container>
    </>
  );
}
