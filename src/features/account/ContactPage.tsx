import { type FormEvent, useId, useState } from 'react';
import { useAuth } from '../../app/hooks.ts';
import { Button } from '../../components/Button.tsx';
import { FieldErrors, FormAlert, inputStyles } from '../../components/Field.tsx';
import { Card, PageFrame } from '../../components/Page.tsx';
import { apiPost, useSubmission } from '../../hooks/api.ts';
import { styled } from '../../styles/stitches.config.ts';

const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '180px', py: '$3' });
const Label = styled('label', { display: 'block', fontWeight: 700, fontSize: '$small', marginBottom: '$1' });
const Row = styled('div', { marginBottom: '$4' });

const TOPICS = [
  '使い方について',
  '報酬・お振込みについて',
  '拡散依頼・料金について',
  'アカウントについて',
  '不具合のご報告',
  'その他',
];

/** Seed spec section 2: contact (POST /api/contact). */
export default function ContactPage() {
  const { user } = useAuth();
  const ids = { topic: useId(), body: useId() };
  const [topic, setTopic] = useState(TOPICS[0]!);
  const [body, setBody] = useState('');
  const { busy, message, errors, run } = useSubmission();
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await run(() => apiPost<{ message?: string }>('/api/contact', { topic, body }));
    if (sent.ok) setDone(sent.value?.message ?? 'お問い合わせを受け付けました。担当者より順次ご連絡します。');
  };

  return (
    <PageFrame
      title="お問い合わせ"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'お問い合わせ' }]}
      lead="回答はご登録のメールアドレスにお送りします。通常2営業日以内にご返信します。"
    >
      <Card>
        {done ? (
          <p role="status">{done}</p>
        ) : (
          <form onSubmit={submit} noValidate>
            {message && <FormAlert role="alert">{message}</FormAlert>}
            <p>返信先：{user?.email ?? 'ご登録のメールアドレス'}</p>
            <Row>
              <Label htmlFor={ids.topic}>お問い合わせの種類</Label>
              <Select id={ids.topic} value={topic} onChange={(e) => setTopic(e.target.value)}>
                {TOPICS.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </Select>
            </Row>
            <Row>
              <Label htmlFor={ids.body}>お問い合わせ内容</Label>
              <TextArea
                id={ids.body}
                required
                maxLength={4000}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                aria-invalid={errors.body?.length ? true : undefined}
                aria-describedby={errors.body?.length ? `${ids.body}-error` : undefined}
              />
              <FieldErrors id={`${ids.body}-error`} errors={errors.body} />
            </Row>
            <Button type="submit" disabled={busy || body.trim() === ''}>
              送信する
            </Button>
          </form>
        )}
      </Card>
    </PageFrame>
  );
}
