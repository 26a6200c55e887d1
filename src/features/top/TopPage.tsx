import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useSearch } from 'wouter';
import type { Shop } from '../../api/contracts/auth.ts';
import { useAuth, useAuthActions } from '../../app/hooks.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { PageLoading, useLoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { EmptyState, Notice, PageFrame } from '../../components/Page.tsx';
import { useApiGet } from '../../hooks/api.ts';
import { styled } from '../../styles/stitches.config.ts';
import { Landing } from './Landing.tsx';

const ShopList = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(2, 1fr)' },
});
const ShopButton = styled('button', {
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
  textAlign: 'left',
  cursor: 'pointer',
  '&:hover': { borderColor: '$primaryText' },
  '& strong': { fontSize: '$h4' },
  '& span': { fontSize: '$tiny', color: '$gray700' },
  variants: { current: { true: { borderColor: '$primaryText', backgroundColor: '$primaryPale' } } },
});
const Tiles = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: 'repeat(2, 1fr)' },
  '& li': { padding: '$4', borderRadius: '$lg', backgroundColor: '$white', boxShadow: '$card' },
  '& h2': { fontSize: '$h4' },
  '& p': { fontSize: '$small', color: '$gray700' },
});

/** The selected shop's home: what to do next, in the order a shop owner does it. */
function ShopHome({ shop }: { shop: Shop }) {
  const { companyAvailable, isStaff, shopUnderReview, isBeginnerShop } = useAuth();
  const usable = companyAvailable || isStaff;
  return (
    <>
      {shopUnderReview && <Notice role="note">{shop.status}</Notice>}
      <Tiles>
        <li>
          <h2>拡散を依頼する</h2>
          <p>
            {isBeginnerShop
              ? 'はじめての方は、安心・安全ガイドを読んでから依頼をつくりましょう。'
              : 'お店のファンに、SNSでの紹介をお願いしましょう。'}
          </p>
          {usable && (
            <ButtonLink href={isBeginnerShop ? '/beginner?type=shop' : '/ad?step=1'} size="sm">
              拡散を依頼する
            </ButtonLink>
          )}
        </li>
        <li>
          <h2>あなたのフォーカスター</h2>
          <p>{`${shop.favoriters_count}人のフォーカスターがお店を応援しています。`}</p>
          <ButtonLink href="/favorites" size="sm" variant="outline">
            フォーカスターを見る
          </ButtonLink>
        </li>
        <li>
          <h2>ファンを増やす</h2>
          <p>店頭にQRコード付きのPOPを置くと、お客さまがお店のファンとして登録できます。</p>
          <ButtonLink href="/material" size="sm" variant="outline">
            販促素材を見る
          </ButtonLink>
        </li>
        <li>
          <h2>モニター募集</h2>
          <p>進行中のモニター募集と、当選者の状況を確認できます。</p>
          <ButtonLink href="/winner-picker" size="sm" variant="ghost">
            モニター募集を確認する
          </ButtonLink>
        </li>
      </Tiles>
    </>
  );
}

/** Seed spec section 2: for a signed-in user in advertiser mode the root is the shop switch. */
function ShopSwitch() {
  const { shop, companyAvailable, isStaff } = useAuth();
  const { loginShop } = useAuthActions();
  const overlay = useLoadingOverlay();
  const shops = useApiGet<Shop[]>('/api/myShops', 'app');
  const list = (
    <>
      {shops.state === 'loading' && <PageLoading label="ショップを読み込んでいます…" />}
      {shops.state === 'failed' && (
        <EmptyState title="ショップを読み込めませんでした">{shops.error.message}</EmptyState>
      )}
      {shops.state === 'done' &&
        (shops.data.length === 0 ? (
          <EmptyState
            title="登録されているショップはまだありません"
            action={<ButtonLink href="/contact">掲載のお申し込み・ご相談</ButtonLink>}
          >
            Focustarへのお店の掲載をご希望の方は、お問い合わせからご連絡ください。
          </EmptyState>
        ) : (
          <ShopList>
            {shops.data.map((s) => (
              <li key={s.id}>
                <ShopButton
                  type="button"
                  current={shop?.id === s.id}
                  aria-current={shop?.id === s.id ? 'true' : undefined}
                  onClick={() => overlay.wrap(loginShop(s.id), 'ショップに切り替えています…').catch(() => {})}
                >
                  <strong>{s.name}</strong>
                  <span>
                    {s.status}
                    {shop?.id === s.id ? '（選択中）' : ''}
                  </span>
                </ShopButton>
              </li>
            ))}
          </ShopList>
        ))}
    </>
  );
  const notice = !companyAvailable && !isStaff && (
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
          <h2 id="switch-title">ショップを切り替える</h2>
          {list}
        </section>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="ショップを選択" lead="広告主として操作するショップを選んでください。">
      {notice}
      {list}
    </PageFrame>
  );
}

function SupporterHome() {
  const { user } = useAuth();
  const pending = user?.not_accepted_units_count ?? 0;
  return (
    <PageFrame
      title="マイページ"
      lead={`${user?.name ?? ''}さん、こんにちは。今日もお店の応援をよろしくお願いします。`}
    >
      <Tiles>
        <li>
          <h2>拡散依頼</h2>
          <p>
            {pending > 0
              ? `未対応の拡散依頼が${pending}件あります。`
              : '新しい拡散依頼が届くとここでお知らせします。'}
          </p>
          <ButtonLink href="/advertisements" size="sm">
            拡散依頼を確認する
          </ButtonLink>
        </li>
        <li>
          <h2>お試しサポート</h2>
          <p>お店の商品やサービスを体験して紹介するモニター募集に応募できます。</p>
          <ButtonLink href="/recruitments" size="sm" variant="outline">
            募集を見る
          </ButtonLink>
        </li>
        <li>
          <h2>お小遣い</h2>
          <p>承認された投稿の報酬と、お振込みの予定を確認できます。</p>
          <ButtonLink href="/history" size="sm" variant="outline">
            お小遣いを確認する
          </ButtonLink>
        </li>
        <li>
          <h2>はじめての方へ</h2>
          <p>投稿のルールや、安心して使うためのポイントをまとめました。</p>
          <ButtonLink href="/beginner?type=focustar" size="sm" variant="ghost">
            安心・安全ガイド
          </ButtonLink>
        </li>
      </Tiles>
    </PageFrame>
  );
}

/** The server's verification link lands on `/?email_verification=ok|expired|invalid` (ADR 0013). */
const VERIFICATION_MESSAGES: Record<string, [ok: boolean, message: string]> = {
  ok: [true, 'メールアドレスの確認が完了しました。Focustarへようこそ！'],
  expired: [false, '確認リンクの有効期限が切れています。ログインして確認メールを再送信してください。'],
  invalid: [false, '確認リンクが正しくありません。メールのリンクをもう一度お確かめください。'],
};

function useVerificationNotice() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const result = new URLSearchParams(search).get('email_verification');
  useEffect(() => {
    const entry = result ? VERIFICATION_MESSAGES[result] : undefined;
    if (!entry) return;
    const [ok, message] = entry;
    if (ok) toast.success(message, { id: 'email-verification' });
    else toast.error(message, { id: 'email-verification' });
    navigate('/', { replace: true });
  }, [result, navigate]);
}

/** Seed spec section 2: `/` is the top page, and the shop switch for signed-in users. */
export default function TopPage() {
  useVerificationNotice();
  const { login, user, role, initialLoading } = useAuth();
  if (initialLoading) return <PageLoading />;
  if (login && user) {
    return role === 'shop' ? <ShopSwitch /> : <SupporterHome />;
  }
  return <Landing />;
}
