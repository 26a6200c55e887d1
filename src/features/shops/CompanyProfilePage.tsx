import { type FormEvent, useState } from 'react';
import type { Company } from '../../../contracts/shops.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { getCompany } from './api/get-company.ts';
import { updateCompany } from './api/update-company.ts';
import { type CompanyForm, CompanyProfileFields, companyForm } from './CompanyFields.tsx';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: '会社の情報',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: '会社の情報' }],
  lead: 'ご請求やお振込み、審査のご連絡に使う会社（屋号）の情報です。お店のページには表示されません。',
};

/**
 * Issue 12: the members of a company (and staff) edit its details: the company of the selected shop, or
 * else the user's own company. Another company's page is the server's 404 (nothing disclosed).
 */
export default function CompanyProfilePage() {
  const { shop, user } = useAuth();
  const companyId = shop?.company_id ?? user?.company?.id ?? null;
  const company = useResource(
    companyId ? (signal) => getCompany(companyId, signal) : null,
    companyId ? `company:${companyId}` : null,
  );
  return (
    <PageFrame {...head}>
      {!companyId ? (
        <EmptyState
          title="登録されている会社はまだありません"
          action={<ButtonLink href="/apply-advertiser">広告主として申し込む</ButtonLink>}
        >
          お店の掲載をご希望の方は、会社とお店の情報を登録してお申し込みください。
        </EmptyState>
      ) : company.state === 'loading' ? (
        <PageLoading label="会社の情報を読み込んでいます…" />
      ) : company.state === 'failed' ? (
        <EmptyState title="会社の情報を読み込めませんでした">{company.error.message}</EmptyState>
      ) : (
        <CompanyProfileForm key={company.data.id} initial={company.data} />
      )}
    </PageFrame>
  );
}

function CompanyProfileForm({ initial }: { initial: Company }) {
  const [saved, setSaved] = useState<Company>(initial);
  const [form, setForm] = useState<CompanyForm>(() => companyForm(initial));
  const sub = useSubmission();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await sub.run(() => updateCompany(saved.id, form));
    if (!r.ok) return;
    setSaved(r.value);
    setForm(companyForm(r.value));
    notify.success('会社の情報を保存しました。');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="会社の情報">
      {sub.message && <FormAlert role="alert">{sub.message}</FormAlert>}
      <Notice tone="info" role="note">
        ご利用状況: {saved.paid_status}
        {saved.review_reason ? `（${saved.review_reason}）` : ''}
      </Notice>
      <Card aria-labelledby="company-profile-title">
        <h2 id="company-profile-title">会社の情報</h2>
        <CompanyProfileFields value={form} onChange={setForm} errors={sub.errors} />
      </Card>
      <Button type="submit" size="lg" block disabled={sub.busy} aria-busy={sub.busy}>
        {sub.busy ? '保存しています…' : '保存する'}
      </Button>
    </form>
  );
}
