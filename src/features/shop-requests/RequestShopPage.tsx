import { type FormEvent, useState } from 'react';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { Card, PageFrame } from '../../platform/ui/Page.tsx';
import { useSubmission } from '../../platform/request/hooks.ts';
import { sendShopRequest } from './api/send-shop-request.ts';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: 'お店をリクエスト',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: 'お店をリクエスト' }],
  lead: '応援したいお店がFocustarにまだない場合は、こちらから教えてください。運営からお店にご案内します。',
};

/** Product design section 6: a supporter recommends a shop to join (POST /api/shop-request). */
export default function RequestShopPage() {
  const [form, setForm] = useState({ name: '', area: '', url: '', comment: '' });
  const { message, errors, run } = useSubmission();
  const [done, setDone] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: HTMLInputElement }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await run(() => sendShopRequest(form));
    if (sent.ok) setDone(sent.value.message);
  };

  return (
    <PageFrame {...head}>
      <Card>
        {done ? (
          <p role="status">{done}</p>
        ) : (
          <form onSubmit={submit} noValidate>
            {message && <FormAlert role="alert">{message}</FormAlert>}
            <Field
              label="お店の名前"
              required
              value={form.name}
              onChange={set('name')}
              errors={errors.name}
            />
            <Field
              label="場所（都道府県・市区町村）"
              value={form.area}
              onChange={set('area')}
              errors={errors.area}
              hint="例：東京都渋谷区"
            />
            <Field
              label="お店のWebサイトやSNSのURL"
              type="url"
              inputMode="url"
              value={form.url}
              onChange={set('url')}
              errors={errors.url}
            />
            <Field
              label="おすすめポイント"
              value={form.comment}
              onChange={set('comment')}
              errors={errors.comment}
            />
            <Button type="submit" disabled={form.name.trim() === ''}>
              リクエストを送る
            </Button>
          </form>
        )}
      </Card>
    </PageFrame>
  );
}
