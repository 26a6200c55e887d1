import { type FormEvent, useState } from 'react';
import type { Shop, ShopDetail } from '../../../contracts/shops.ts';
import { REJECTED_SHOP_STATUS } from '../../../contracts/shops.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { getShopDetails } from './api/get-shop-details.ts';
import { updateShop } from './api/update-shop.ts';
import { uploadCover } from './api/upload-cover.ts';
import { IMAGE_HINT } from './images.ts';
import { type ShopForm, ShopProfileFields, shopForm } from './ShopFields.tsx';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: 'お店の情報',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: 'お店の情報' }],
  lead: 'お店のページに表示される情報です。フォーカスターがお店を探すときにも使われます。',
};

const Cover = styled('img', {
  display: 'block',
  width: '100%',
  maxWidth: '480px',
  aspectRatio: '3 / 2',
  objectFit: 'cover',
  borderRadius: '$md',
  border: '1px solid $gray200',
  marginBottom: '$3',
});
const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $4',
  margin: '0 0 $4',
  '& dt': { fontWeight: 700, color: '$gray700' },
  '& dd': { margin: 0 },
});

/** The session keeps the shop as the seed's presenter has it, not the business details. */
const asShop = (d: ShopDetail): Shop => ({
  id: d.id,
  company_id: d.company_id,
  name: d.name,
  screen_name: d.screen_name,
  status: d.status,
  favoriters_count: d.favoriters_count,
  flag_status: d.flag_status,
  description: d.description,
  category: d.category,
  prefecture: d.prefecture,
  cover_image_url: d.cover_image_url,
});

/**
 * Issue 12: the selected shop's people (and staff who entered it) edit its profile and cover. Saving
 * raises savedFirstProfile; a published shop stays published (ADR 0051).
 */
export default function ShopProfilePage() {
  const { shop } = useAuth();
  const details = useResource(
    shop ? (signal) => getShopDetails(shop.id, signal) : null,
    shop ? `shop-details:${shop.id}` : null,
  );
  return (
    <PageFrame {...head}>
      {!shop ? (
        <EmptyState title="お店が選ばれていません" action={<ButtonLink href="/">お店を選ぶ</ButtonLink>}>
          トップページで、情報を編集したいお店を選んでください。
        </EmptyState>
      ) : details.state === 'loading' ? (
        <PageLoading label="お店の情報を読み込んでいます…" />
      ) : details.state === 'failed' ? (
        <EmptyState title="お店の情報を読み込めませんでした">{details.error.message}</EmptyState>
      ) : (
        <ShopProfileForm key={details.data.id} initial={details.data} />
      )}
    </PageFrame>
  );
}

function ShopProfileForm({ initial }: { initial: ShopDetail }) {
  const { send } = useAuth();
  const [saved, setSaved] = useState<ShopDetail>(initial);
  const [form, setForm] = useState<ShopForm>(() => shopForm(initial));
  const [cover, setCover] = useState<File | null>(null);
  const [coverKey, setCoverKey] = useState(0);
  const profile = useSubmission();
  const coverSub = useSubmission();
  const busy = profile.busy || coverSub.busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await profile.run(() => updateShop(saved.id, form));
    if (!r.ok) return;
    let latest = r.value;
    if (cover) {
      const c = await coverSub.run(() => uploadCover(saved.id, cover));
      if (c.ok) {
        latest = c.value;
        setCover(null);
        setCoverKey((k) => k + 1);
      }
    }
    setSaved(latest);
    setForm(shopForm(latest));
    send({ type: 'auth.setShop', shop: asShop(latest) });
    notify.success(
      saved.status === REJECTED_SHOP_STATUS && latest.status !== REJECTED_SHOP_STATUS
        ? 'お店の情報を保存し、もう一度審査を申し込みました。'
        : 'お店の情報を保存しました。',
    );
  };

  const message = profile.message ?? coverSub.message;
  return (
    <form onSubmit={submit} noValidate aria-label="お店の情報">
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Card aria-labelledby="shop-state-title">
        <h2 id="shop-state-title">掲載の状況</h2>
        <Facts>
          <dt>審査状況</dt>
          <dd>{saved.status}</dd>
          {saved.status === REJECTED_SHOP_STATUS && saved.review_reason && (
            <>
              <dt>審査NGの理由</dt>
              <dd>{saved.review_reason}</dd>
            </>
          )}
          <dt>会社</dt>
          <dd>
            {saved.company_name}（{saved.paid_status}）
          </dd>
        </Facts>
        <ButtonLink href="/company-profile" size="sm" variant="outline">
          会社の情報を編集する
        </ButtonLink>{' '}
        <ButtonLink href={`/${encodeURIComponent(saved.screen_name)}`} size="sm" variant="ghost">
          お店のページを見る
        </ButtonLink>
      </Card>
      {saved.status === REJECTED_SHOP_STATUS && (
        <Notice tone="danger" role="note">
          審査NGの理由を確認して内容を直し、保存してください。保存すると、もう一度審査を申し込みます。
        </Notice>
      )}
      <Card aria-labelledby="shop-profile-title">
        <h2 id="shop-profile-title">お店のプロフィール</h2>
        <ShopProfileFields value={form} onChange={setForm} errors={profile.errors} />
      </Card>
      <Card aria-labelledby="shop-cover-title">
        <h2 id="shop-cover-title">カバー画像</h2>
        {saved.cover_image_url ? (
          <Cover src={saved.cover_image_url} alt="いまのカバー画像" />
        ) : (
          <p>カバー画像はまだありません。</p>
        )}
        <Field
          key={coverKey}
          label="新しいカバー画像"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => setCover(e.target.files?.[0] ?? null)}
          errors={coverSub.errors.cover}
          hint={IMAGE_HINT}
        />
      </Card>
      <Button type="submit" size="lg" block disabled={busy} aria-busy={busy}>
        {busy ? '保存しています…' : '保存する'}
      </Button>
    </form>
  );
}
