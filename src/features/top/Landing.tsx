import { lazy, Suspense, useEffect, useState } from 'react';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { GUEST_SIDEBAR_COPY } from '../../platform/menu.ts';
import { Container } from '../../platform/ui/Page.tsx';
import { Illustration } from '../../platform/ui/Illustration.tsx';
import type { SceneName } from '../../platform/ui/illustrations/scenes.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { publicConfigOnce, useResource } from '../../platform/request/hooks.ts';
import { getRandomIndexPictures } from './api/get-random-index-pictures.ts';

/**
 * Issue 25 (5): LINE is offered only when LINE Login is configured; otherwise e-mail is the way. The top
 * page does not wait for the configuration (it comes with the page): e-mail first, LINE once known.
 */
function SignUpWays() {
  const [line, setLine] = useState(false);
  useEffect(() => {
    let live = true;
    void publicConfigOnce().then((config) => live && setLine(config.oauthProviders.includes('line')));
    return () => {
      live = false;
    };
  }, []);
  return (
    <p>
      {line ? 'LINEかメールアドレス' : 'メールアドレス'}
      で登録し、ふだん使っているSNSのアカウントを登録します。
    </p>
  );
}

/** Below the first screen: a chunk of its own (ADR 0038), loaded after the first paint. */
const AchievementsSection = lazy(() => import('./AchievementsSection.tsx'));

const Hero = styled('section', {
  paddingTop: '$6',
  paddingBottom: '$6',
  textAlign: 'center',
  display: 'grid',
  gap: '$5',
  alignItems: 'center',
  '@md': { paddingTop: '$7', paddingBottom: '$7', gridTemplateColumns: '1.1fr 1fr', textAlign: 'left' },
});
const HeroText = styled('div', { '@md': { '& > div': { justifyContent: 'flex-start', marginInline: 0 } } });
// The drawing keeps its box (4:3) before it arrives, so nothing below it moves.
const HeroArt = styled('div', {
  width: '100%',
  maxWidth: '300px',
  aspectRatio: '360 / 260',
  marginInline: 'auto',
  '@md': { maxWidth: '480px' },
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
  borderRadius: '$lg',
  overflow: 'hidden',
  backgroundColor: '$white',
  border: '1px solid $gray200',
  boxShadow: '$card',
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
  '& > [data-illustration]': { position: 'absolute', top: '$3', right: '$3' },
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

/** Shown in the tiles until (or unless) the API has index pictures. */
const SHOP_KINDS: { label: string; scene: SceneName }[] = [
  { label: 'カフェ', scene: 'cafe' },
  { label: 'レストラン', scene: 'restaurant' },
  { label: 'ヘアサロン', scene: 'salon' },
  { label: 'ベーカリー', scene: 'bakery' },
  { label: '雑貨店', scene: 'zakka' },
  { label: '居酒屋', scene: 'izakaya' },
];
const Kind = styled('span', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$1',
  height: '100%',
  padding: '$2',
  fontWeight: 700,
  fontSize: '$small',
  color: '$gray900',
});
const PicturesTitle = styled('h2', { textAlign: 'center', fontSize: '$h5 !important', color: '$gray700' });

/**
 * Issue 16: the staff-managed index pictures (`/api/random-index-pictures`, active ones in random order).
 * The kinds of shop Focustar is for fill the same tiles while they load, or when none is switched on.
 */
function IndexPictures() {
  const pictures = useResource(getRandomIndexPictures, 'random-index-pictures');
  const items = pictures.state === 'done' ? pictures.data.items : [];
  return (
    <section aria-labelledby="top-pictures">
      <PicturesTitle id="top-pictures">こんなお店で使えます</PicturesTitle>
      <Pictures aria-busy={pictures.state === 'loading' || undefined}>
        {items.length > 0
          ? items.map((p) => (
              <Tile key={p.id}>
                <img
                  src={p.url}
                  alt={p.alt}
                  width={p.width}
                  height={p.height}
                  loading="lazy"
                  decoding="async"
                />
              </Tile>
            ))
          : SHOP_KINDS.map((kind) => (
              <Tile key={kind.label}>
                <Kind>
                  <Illustration name={kind.scene} width="64%" height="64%" />
                  {kind.label}
                </Kind>
              </Tile>
            ))}
      </Pictures>
    </section>
  );
}

/** The top page a guest sees (seed spec section 2: `/`). */
export function Landing() {
  return (
    <>
      <Container>
        <Hero aria-labelledby="top-title">
          <HeroText>
            <Catch>お店とファンをつなぐ応援サービス</Catch>
            <HeroTitle id="top-title">
              好きなお店を、
              <br />
              <em>SNSで応援</em>しよう。
            </HeroTitle>
            <HeroLead>
              いつものお店の「おいしい」「うれしい」をSNSで紹介すると、お店から報酬が届きます。
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
          </HeroText>
          <HeroArt>
            <Illustration name="hero" width="100%" height="100%" />
          </HeroArt>
        </Hero>
        <IndexPictures />
      </Container>

      <Band tone="pink">
        <Container>
          <Section aria-labelledby="top-focustar">
            <SectionTitle id="top-focustar">フォーカスター（応援する方）の使い方</SectionTitle>
            <Steps>
              <Step tone="pink">
                <Illustration name="signup" width={56} />
                <h3>無料で登録</h3>
                <SignUpWays />
              </Step>
              <Step tone="pink">
                <Illustration name="inbox" width={56} />
                <h3>お店から依頼が届く</h3>
                <p>
                  お気に入りに登録したお店や、近くのお店から「拡散依頼」が届きます。内容を見て引き受けるか選べます。
                </p>
              </Step>
              <Step tone="pink">
                <Illustration name="reward" width={56} />
                <h3>投稿して報酬を受け取る</h3>
                <p>
                  「#PR」を付けて投稿し、お店に承認されると1件{formatYen(100)}
                  から報酬が貯まります。貯まった報酬は毎月お振込みします。
                </p>
              </Step>
            </Steps>
            <Center>
              <ButtonLink href="/faq-focustar" variant="ghost">
                よくある質問（フォーカスター向け）
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
                <Illustration name="request" width={56} />
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

      <Container>
        <Suspense fallback={null}>
          <AchievementsSection />
        </Suspense>
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
