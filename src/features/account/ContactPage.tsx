import { type FormEvent, useId, useState } from 'react';
import { useAuth } from '../../app/hooks.ts';
import { Button } from '../../components/Button.tsx';
import { FieldErrors, FormAlert, inputStyles } from '../../components/Field.tsx';
import { Card, PageFrame } from '../../components/Page.tsx';
import { apiPost, isApiFailure } from '../../hooks/api.ts';
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
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      const answer = await apiPost<{ message?: string }>('/api/contact', { topic, body });
      setDone(answer?.message ?? 'お問い合わせを受け付けました。担当者より順次ご連絡します。');
    } catch (err) {
      setMessage(isApiFailure(err) ? err.message : '送信できませんでした。もう一度お試しください。');
      if (isApiFailure(err)) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
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
