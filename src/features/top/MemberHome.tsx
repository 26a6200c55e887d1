import {
  CircleUserRound,
  Gift,
  Inbox,
  Megaphone,
  QrCode,
  Settings,
  ShieldCheck,
  Store,
  Users,
  Wallet,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { Shop, ShopDetail } from '../../../contracts/shops.ts';
import { SHOP_UNDER_REVIEW_STATUS } from '../../../contracts/values.ts';
import { Illustration } from '../../platform/ui/Illustration.tsx';
import { useAuth, useAuthActions } from '../../platform/session/hooks.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Field } from '../../platform/ui/Field.tsx';
import { PageLoading, useLoadingOverlay } from '../../platform/ui/LoadingOverlay.tsx';
import { EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { useResource } from '../../platform/request/hooks.ts';
import { FirstSteps } from '../../platform/ui/FirstSteps.tsx';
import { getMyShops } from './api/get-my-shops.ts';
import { searchAllShops } from './api/search-all-shops.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { WORDS } from '../../../contracts/vocabulary.ts';

/** The signed-in homes of `/` (seed spec section 2): the supporter's, the staff's and the shop switch. */
const ShopList = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(2, 1fr)' },
});
const ShopCard = styled('div', {
  width: '100%',
  minHeight: '72px',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '$1',
  padding: '$3 $4',
  border: '2px solid $gray200',
  borderRadius: '$lg',
  backgroundColor: '$white',
  color: '$gray900',
  '& strong': { fontSize: '$h4', overflowWrap: 'anywhere' },
  '& > span': { fontSize: '$tiny', color: '$gray700' },
  '& > button': { marginTop: '$2' },
  variants: { current: { true: { borderColor: '$primaryText', backgroundColor: '$primaryPale' } } },
});
const SupporterChoice = styled(ShopCard, {
  borderStyle: 'dashed',
  backgroundColor: '$secondaryPale',
  marginTop: '$3',
});
const USE_AS_SHOP = 'お店として使う';
const USE_AS_SUPPORTER = `${WORDS.supporter}として使う`;
const Tiles = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(2, 1fr)' },
  '& > li': {
    display: 'grid',
    gridTemplateColumns: '44px 1fr',
    columnGap: '$3',
    alignItems: 'start',
    padding: '$4',
    borderRadius: '$lg',
    backgroundColor: '$white',
    border: '1px solid $gray200',
    boxShadow: '$card',
  },
  '& h2': { fontSize: '$h4', margin: '8px 0 $2' },
  '& p': { fontSize: '$small', color: '$gray700' },
});
const TileIcon = styled('span', {
  gridRow: 'span 3',
  width: '44px',
  height: '44px',
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  variants: {
    tone: {
      pink: { backgroundColor: '$primaryPale', color: '$primaryText' },
      blue: { backgroundColor: '$secondaryPale', color: '$secondaryText' },
    },
  },
});

/** One thing to do next: an icon, a heading, a sentence and the way there. */
function Tile({
  icon: Icon,
  tone = 'pink',
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  tone?: 'pink' | 'blue';
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li>
      <TileIcon tone={tone}>
        <Icon size={22} aria-hidden="true" focusable="false" />
      </TileIcon>
      <h2>{title}</h2>
      <p>{children}</p>
      {action && <div>{action}</div>}
    </li>
  );
}

const Welcome = styled('section', {
  display: 'flex',
  alignItems: 'center',
  gap: '$4',
  padding: '$4 $5',
  marginBottom: '$5',
  borderRadius: '$lg',
  background: 'linear-gradient(120deg, $primaryPale, $secondaryPale)',
  border: '1px solid $gray200',
  '& p': { margin: 0, color: '$gray900' },
  '& strong': { display: 'block', fontSize: '$h4', marginBottom: '$1' },
});
const WelcomeArt = styled('div', {
  display: 'none',
  width: '180px',
  aspectRatio: '360 / 260',
  '@sm': { display: 'block' },
});

/** The greeting on top of a signed-in home, with the drawing of the top page. */
function Greeting({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Welcome aria-label="ごあいさつ">
      <div style={{ flex: 1 }}>
        <strong>{title}</strong>
        <p>{children}</p>
      </div>
      <WelcomeArt>
        <Illustration name="hero" width="100%" height="100%" />
      </WelcomeArt>
    </Welcome>
  );
}

/**
 * A shop's review status as a badge and a separate note (issue 11): 「審査待ち」 and, under it, what it
 * means, rather than the raw status text. Statuses without a note show as they are.
 */
const StatusBadge = styled('span', {
  display: 'inline-block',
  padding: '0 10px',
  borderRadius: '$pill',
  fontSize: '$tiny',
  fontWeight: 700,
  variants: {
    tone: {
      wait: { backgroundColor: '$orangePale', color: '#7a4a00', border: '1px solid $orange' },
      ok: { backgroundColor: '$greenPale', color: '$greenText', border: '1px solid $green' },
      other: { backgroundColor: '$gray100', color: '$gray700', border: '1px solid $gray300' },
      current: { backgroundColor: '$primaryText', color: '$white' },
    },
  },
});
const StatusNote = styled('span', { display: 'block', fontSize: '$tiny', color: '$gray700' });

function splitStatus(status: string): { label: string; note: string | null } {
  const m = /^(.+?)（(.+)）$/.exec(status);
  return m ? { label: m[1]!, note: m[2]! } : { label: status, note: null };
}

export function ShopStatus({ status }: { status: string }) {
  const { label, note } = splitStatus(status);
  const tone = status === SHOP_UNDER_REVIEW_STATUS ? 'wait' : label === '公開中' ? 'ok' : 'other';
  return (
    <>
      <StatusBadge tone={tone}>{label}</StatusBadge>
      {note && <StatusNote>{note}</StatusNote>}
    </>
  );
}

/** The selected shop's home: what to do next, in the order a shop owner does it. */
function ShopHome({ shop }: { shop: Shop }) {
  const { companyAvailable, isStaff, shopUnderReview, isBeginnerShop } = useAuth();
  const usable = companyAvailable || isStaff;
  return (
    <>
      {shopUnderReview && (
        <Notice role="note">
          <ShopStatus status={shop.status} />
        </Notice>
      )}
      <Tiles>
        <Tile
          icon={Megaphone}
          title="拡散を依頼する"
          action={
            usable && (
              <ButtonLink href={isBeginnerShop ? '/beginner?type=shop' : '/ad?step=1'} size="sm">
                拡散を依頼する
              </ButtonLink>
            )
          }
        >
          {isBeginnerShop
            ? 'はじめての方は、安心・安全ガイドを読んでから依頼をつくりましょう。'
            : 'お店のファンに、SNSでの紹介をお願いしましょう。'}
        </Tile>
        <Tile
          icon={Users}
          tone="blue"
          title="あなたのフォーカスター"
          action={
            <ButtonLink href="/favorites" size="sm" variant="outline">
              フォーカスターを見る
            </ButtonLink>
          }
        >
          {`${shop.favoriters_count}人のフォーカスターがお店を応援しています。`}
        </Tile>
        <Tile
          icon={Store}
          title="お店の情報"
          action={
            <>
              <ButtonLink href="/shop-profile" size="sm" variant="outline">
                お店の情報を編集する
              </ButtonLink>{' '}
              <ButtonLink href="/company-profile" size="sm" variant="ghost">
                会社の情報
              </ButtonLink>
            </>
          }
        >
          {shop.flag_status.savedFirstProfile
            ? 'お店の紹介や営業時間、カバー画像はいつでも変えられます。'
            : 'お店の紹介や営業時間、カバー画像を整えると、フォーカスターに見つけてもらいやすくなります。'}
        </Tile>
        <Tile
          icon={QrCode}
          title="ファンを増やす"
          action={
            <ButtonLink href="/material" size="sm" variant="outline">
              販促素材を見る
            </ButtonLink>
          }
        >
          店頭にQRコード付きのPOPを置くと、お客さまがお店のファンとして登録できます。
        </Tile>
        <Tile
          icon={Gift}
          tone="blue"
          title="モニター募集"
          action={
            <ButtonLink href="/winner-picker" size="sm" variant="ghost">
              モニター募集を確認する
            </ButtonLink>
          }
        >
          進行中のモニター募集と、当選者の状況を確認できます。
        </Tile>
      </Tiles>
    </>
  );
}

/**
 * One shop of the switch (issue 25, ADR 0167): its name, what it is, its status, and 「お店として使う」,
 * which enters the shop (the auth actor's shop login, as before). The current shop says 選択中 instead.
 */
function ShopChoice({
  shop,
  current,
  detail,
}: {
  shop: Shop | ShopDetail;
  current: boolean;
  detail?: string;
}) {
  const { loginShop } = useAuthActions();
  const overlay = useLoadingOverlay();
  const nameId = `shop-choice-${shop.id}`;
  return (
    <ShopCard current={current} aria-current={current ? 'true' : undefined}>
      <strong id={nameId}>{shop.name}</strong>
      {detail && <span>{detail}</span>}
      <span>
        <ShopStatus status={shop.status} /> {current && <StatusBadge tone="current">選択中</StatusBadge>}
      </span>
      {!current && (
        <Button
          type="button"
          size="sm"
          // The visible words, with the shop's name first: each button of the list says which shop it enters.
          aria-label={`${shop.name}を${USE_AS_SHOP}`}
          onClick={() => overlay.wrap(loginShop(shop.id), 'お店に切り替えています…').catch(() => {})}
        >
          {USE_AS_SHOP}
        </Button>
      )}
    </ShopCard>
  );
}

/** The supporter-mode choice beside the shops (ADR 0167): the side menu's own mode switch. */
function UseAsSupporter() {
  const { switchMode } = useAuthActions();
  return (
    <SupporterChoice>
      <strong>{WORDS.supporter}として使う</strong>
      <span>お店の拡散依頼を引き受けて投稿し、報酬を受け取ります。</span>
      <Button type="button" size="sm" variant="outline" onClick={() => switchMode('focustar')}>
        {USE_AS_SUPPORTER}
      </Button>
    </SupporterChoice>
  );
}

/** The owner's own shops, each with 「お店として使う」 (the top page is the shop switch, seed section 2). */
function OwnShops({ currentId, label }: { currentId: number | null; label: string }) {
  const shops = useResource(getMyShops, 'my-shops');
  if (shops.state === 'loading') return <PageLoading label="お店を読み込んでいます…" />;
  if (shops.state === 'failed') {
    return <EmptyState title="お店を読み込めませんでした">{shops.error.message}</EmptyState>;
  }
  return (
    <ShopList aria-label={label}>
      {shops.data.map((s) => (
        <li key={s.id}>
          <ShopChoice shop={s} current={currentId === s.id} />
        </li>
      ))}
    </ShopList>
  );
}

const SearchRow = styled('form', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '$3',
  marginBottom: '$4',
  '& > div': { flex: '1 1 260px', marginBottom: 0 },
});

/**
 * Issue 12 and product design section 1: staff can enter any shop. In advertiser mode they search every
 * shop by name, shop ID or company name (`GET /api/staff/shops`, 50 a page) and enter one.
 */
function StaffShopSearch() {
  const { shop } = useAuth();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const found = useResource(
    query === null ? null : (signal) => searchAllShops(query, signal),
    query === null ? null : `staff-shops:${query}`,
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(text.trim());
  };
  return (
    <section aria-labelledby="staff-shop-search-title" style={{ marginTop: 32 }}>
      <h2 id="staff-shop-search-title">すべてのお店から探す（運営スタッフ）</h2>
      <p>
        お店の名前・お店のID・会社名で探して、そのお店として操作できます。空欄のまま検索すると登録の古い順に表示します。
      </p>
      <SearchRow role="search" aria-label="すべてのお店の検索" onSubmit={submit}>
        <Field
          label="お店の名前・ID・会社名"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
          enterKeyHint="search"
        />
        <Button type="submit" variant="outline">
          検索する
        </Button>
      </SearchRow>
      {query !== null && found.state === 'loading' && <PageLoading label="お店を探しています…" />}
      {query !== null && found.state === 'failed' && (
        <EmptyState title="お店を探せませんでした">{found.error.message}</EmptyState>
      )}
      {query !== null &&
        found.state === 'done' &&
        (found.data.data.length === 0 ? (
          <EmptyState title="見つかりませんでした">
            {`「${query}」に当てはまるお店はありません。別のことばで探してください。`}
          </EmptyState>
        ) : (
          <>
            <ShopList aria-label="見つかったお店">
              {found.data.data.map((s) => (
                <li key={s.id}>
                  <ShopChoice
                    shop={s}
                    current={shop?.id === s.id}
                    detail={`ID: ${s.screen_name}・${s.company_name}`}
                  />
                </li>
              ))}
            </ShopList>
            {found.data.next_cursor !== null && (
              <Notice role="note" style={{ marginTop: 16 }}>
                最初の50件を表示しています。ことばを足して絞り込んでください。
              </Notice>
            )}
          </>
        ))}
    </section>
  );
}

/** Seed spec section 2: for a signed-in user in advertiser mode the root is the shop switch. */
export function ShopSwitch() {
  const { shop, companyAvailable, isStaff } = useAuth();
  const shops = useResource(getMyShops, 'my-shops');
  const list = (
    <>
      {shops.state === 'loading' && <PageLoading label="お店を読み込んでいます…" />}
      {shops.state === 'failed' && (
        <EmptyState title="お店を読み込めませんでした">{shops.error.message}</EmptyState>
      )}
      {shops.state === 'done' &&
        (shops.data.length === 0 ? (
          // Staff who belong to no company find their shop below instead.
          !isStaff && (
            <EmptyState
              title="登録されているお店はまだありません"
              action={<ButtonLink href="/apply-advertiser">広告主として申し込む</ButtonLink>}
            >
              会社とお店の情報を登録すると、運営の審査のあとでフォーカスターに拡散を依頼できます。ご相談は
              <a href="/contact">お問い合わせ</a>からどうぞ。
            </EmptyState>
          )
        ) : (
          <>
            <ShopList aria-label="あなたのお店">
              {shops.data.map((s) => (
                <li key={s.id}>
                  <ShopChoice shop={s} current={shop?.id === s.id} />
                </li>
              ))}
            </ShopList>
            {/* Issue 25 (ADR 0167): the other mode, beside the shops. */}
            {!isStaff && <UseAsSupporter />}
          </>
        ))}
    </>
  );
  const notice = !companyAvailable && !isStaff && shops.state === 'done' && shops.data.length > 0 && (
    <Notice role="note">
      会社の審査が完了し、ご利用可能になると拡散依頼などの広告主メニューが使えるようになります。
    </Notice>
  );
  if (shop) {
    return (
      <PageFrame title={shop.name} lead="広告主モードで操作しています。">
        {notice}
        <ShopHome shop={shop} />
        <section aria-labelledby="switch-title" style={{ marginTop: 32 }}>
          <h2 id="switch-title">お店を切り替える</h2>
          {list}
        </section>
        {isStaff && <StaffShopSearch />}
      </PageFrame>
    );
  }
  return (
    <PageFrame title="お店を選択" lead="広告主として操作するお店を選んでください。">
      {notice}
      {list}
      {isStaff && <StaffShopSearch />}
    </PageFrame>
  );
}

/**
 * Issue 25 point 1 (ADR 0167): an owner who has not chosen yet sees the shops first, each with
 * 「お店として使う」, and 「フォーカスターとして使う」 beside them. The choice is remembered for the next login.
 */
function ModeChooser() {
  return (
    <PageFrame
      title="お店とフォーカスター、どちらで使いますか？"
      lead="次にログインしたときは、最後に使ったお店（またはフォーカスター）ではじまります。切り替えはいつでもメニューからできます。"
    >
      <OwnShops currentId={null} label="あなたのお店" />
      <UseAsSupporter />
    </PageFrame>
  );
}

/** Issue 25 point 6: a person who signed up and has not verified the e-mail yet. */
function UnverifiedHome({ name }: { name: string }) {
  const { user } = useAuth();
  return (
    <PageFrame title="マイページ">
      <Greeting title={`${name}さん、ようこそ。`}>
        まずはメールアドレスの確認をお願いします。確認が済むと、すべての機能が使えるようになります。
      </Greeting>
      {user && <FirstSteps user={user} />}
    </PageFrame>
  );
}

export function SupporterHome() {
  const { user, isStaff, login, loading } = useAuth();
  const pending = user?.not_accepted_units_count ?? 0;
  const name = user?.name ?? '';
  if (!login) return <UnverifiedHome name={name} />;
  // ADR 0167: staff keep their home; an owner (a company with shops) chooses first, and while the login
  // goes back into the remembered shop the page waits rather than flash the supporter home.
  const owner = !isStaff && (user?.shops_count ?? 0) > 0;
  if (owner && loading && user?.last_mode === 'shop') return <PageLoading label="お店を開いています…" />;
  if (owner && !user?.last_mode) return <ModeChooser />;
  return (
    <PageFrame title="マイページ">
      {isStaff ? (
        <Greeting title={`${name}さん、おつかれさまです。`}>
          運営スタッフとしてログインしています。審査やお問い合わせの対応は管理メニューからどうぞ。
        </Greeting>
      ) : (
        <Greeting title={`${name}さん、こんにちは。`}>今日もお店の応援をよろしくお願いします。</Greeting>
      )}
      {owner && (
        <section aria-labelledby="own-shops-title" style={{ marginBottom: 24 }}>
          <h2 id="own-shops-title">あなたのお店</h2>
          <OwnShops currentId={null} label="あなたのお店" />
        </section>
      )}
      {!isStaff && user && <FirstSteps user={user} />}
      <Tiles>
        {isStaff && (
          <Tile
            icon={Settings}
            tone="blue"
            title="管理メニュー"
            action={
              <ButtonLink href="/admin-menu" size="sm">
                管理メニューを開く
              </ButtonLink>
            }
          >
            お店とフォーカスターの審査、拡散依頼の確認、お振込みの管理ができます。
          </Tile>
        )}
        <Tile
          icon={Inbox}
          title="拡散依頼"
          action={
            <ButtonLink href="/advertisements" size="sm">
              拡散依頼を確認する
            </ButtonLink>
          }
        >
          {pending > 0
            ? `未対応の拡散依頼が${pending}件あります。`
            : '新しい拡散依頼が届くとここでお知らせします。'}
        </Tile>
        <Tile
          icon={Gift}
          tone="blue"
          title={WORDS.monitorRecruitment}
          action={
            <ButtonLink href="/recruitments" size="sm" variant="outline">
              募集を見る
            </ButtonLink>
          }
        >
          お店の商品やサービスを体験して紹介するモニター募集に応募できます。
        </Tile>
        <Tile
          icon={Wallet}
          title="報酬"
          action={
            <ButtonLink href="/history" size="sm" variant="outline">
              報酬を確認する
            </ButtonLink>
          }
        >
          承認された投稿の報酬と、お振込みの予定を確認できます。
        </Tile>
        <Tile
          icon={ShieldCheck}
          tone="blue"
          title="はじめての方へ"
          action={
            <ButtonLink href="/beginner?type=focustar" size="sm" variant="ghost">
              安心・安全ガイド
            </ButtonLink>
          }
        >
          投稿のルールや、安心して使うためのポイントをまとめました。
        </Tile>
        <Tile
          icon={CircleUserRound}
          title="プロフィール"
          action={
            user?.screen_name ? (
              <ButtonLink href={`/${encodeURIComponent(user.screen_name)}`} size="sm" variant="ghost">
                プロフィールを見る
              </ButtonLink>
            ) : null
          }
        >
          お店から見えるあなたのプロフィールです。SNSアカウントを登録すると依頼が届きやすくなります。
        </Tile>
      </Tiles>
    </PageFrame>
  );
}
