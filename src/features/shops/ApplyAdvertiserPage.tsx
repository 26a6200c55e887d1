import { type FormEvent, useState } from 'react';
import type { Company, ShopDetail } from '../../../contracts/shops.ts';
import { IMAGE_HINT } from './images.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { useAuthActions } from '../../platform/session/hooks.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { Card, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { createCompany } from './api/create-company.ts';
import { createShop } from './api/create-shop.ts';
import { uploadCover } from './api/upload-cover.ts';
import { CompanyProfileFields, type CompanyForm, EMPTY_COMPANY_FORM } from './CompanyFields.tsx';
import { EMPTY_SHOP_FORM, type ShopForm, ShopProfileFields } from './ShopFields.tsx';

/**
 * Issue 12: a signed-in user applies as an advertiser: the company (審査中) and its first shop (審査待ち),
 * with a cover image. The three calls run in order; a company already accepted is not sent twice.
 */
export default function ApplyAdvertiserPage() {
  const [company, setCompany] = useState<CompanyForm>(EMPTY_COMPANY_FORM);
  const [shop, setShop] = useState<ShopForm>(EMPTY_SHOP_FORM);
  const [cover, setCover] = useState<File | null>(null);
  const [created, setCreated] = useState<Company | null>(null);
  const [shopCreated, setShopCreated] = useState<ShopDetail | null>(null);
  const [done, setDone] = useState(false);
  const companySub = useSubmission();
  const shopSub = useSubmission();
  const coverSub = useSubmission();
  const { switchMode } = useAuthActions();
  const busy = companySub.busy || shopSub.busy || coverSub.busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let theCompany = created;
    if (!theCompany) {
      const r = await companySub.run(() => createCompany(company));
      if (!r.ok) return;
      theCompany = r.value;
      setCreated(r.value);
    }
    let theShop = shopCreated;
    if (!theShop) {
      const r = await shopSub.run(() => createShop({ ...shop, company_id: theCompany.id }));
      if (!r.ok) return;
      theShop = r.value;
      setShopCreated(r.value);
    }
    if (cover) {
      const r = await coverSub.run(() => uploadCover(theShop.id, cover));
      if (!r.ok) return;
    }
    setDone(true);
    window.scrollTo({ top: 0 });
  };

  if (done && created && shopCreated) {
    return (
      <PageFrame
        title="お申し込みを受け付けました"
        breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '広告主のお申し込み' }]}
      >
        <Card>
          <p>
            {created.name}さまと「{shopCreated.name}
            」のお申し込みを受け付けました。審査が終わるとメールでお知らせします。
          </p>
          <ul>
            <li>会社: {created.paid_status}</li>
            <li>お店: {shopCreated.status}</li>
          </ul>
          <ButtonLink href="/" variant="primary">
            トップへ戻る
          </ButtonLink>{' '}
          <Button variant="outline" onClick={() => switchMode('shop')}>
            広告主モードに切り替える
          </Button>
        </Card>
      </PageFrame>
    );
  }

  const message = companySub.message ?? shopSub.message ?? coverSub.message;
  return (
    <PageFrame
      title="広告主のお申し込み"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '広告主のお申し込み' }]}
      lead="会社とお店の情報を登録してください。運営の審査が完了すると、フォーカスターへの拡散依頼ができるようになります。"
    >
      <form onSubmit={submit} noValidate>
        {message && <FormAlert role="alert">{message}</FormAlert>}
        <Card aria-labelledby="company-title">
          <h2 id="company-title">会社の情報</h2>
          {created ? (
            <Notice tone="info">
              {created.name}さまの情報は受け付けました（{created.paid_status}
              ）。続けてお店の情報をご確認ください。
            </Notice>
          ) : (
            <CompanyProfileFields value={company} onChange={setCompany} errors={companySub.errors} />
          )}
        </Card>
        <Card aria-labelledby="shop-title">
          <h2 id="shop-title">お店の情報</h2>
          {shopCreated ? (
            <Notice tone="info">
              「{shopCreated.name}」は登録済みです。カバー画像を選び直して、もう一度送信してください。
            </Notice>
          ) : (
            <ShopProfileFields value={shop} onChange={setShop} errors={shopSub.errors} />
          )}
          <Field
            label="カバー画像"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setCover(e.target.files?.[0] ?? null)}
            errors={coverSub.errors.cover}
            hint={IMAGE_HINT}
          />
        </Card>
        <Button type="submit" size="lg" block disabled={busy} aria-busy={busy}>
          {busy ? '送信しています…' : '審査を申し込む'}
        </Button>
      </form>
    </PageFrame>
  );
}
