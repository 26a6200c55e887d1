import { type FormEvent, useId, useState } from 'react';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { Card, PageFrame } from '../../platform/ui/Page.tsx';
import { CONTACT_TOPICS } from '../../../contracts/contact.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { sendContact } from './api/send-contact.ts';
import { styled } from '../../platform/styles/stitches.config.ts';

const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '180px', py: '$3' });
const Label = styled('label', { display: 'block', fontWeight: 700, fontSize: '$small', marginBottom: '$1' });
const Row = styled('div', { marginBottom: '$4' });

/** Seed spec section 2: contact (POST /api/contact). */
export default function ContactPage() {
  const { user } = useAuth();
  const ids = { topic: useId(), body: useId() };
  const [topic, setTopic] = useState<(typeof CONTACT_TOPICS)[number]>(CONTACT_TOPICS[0]);
  const [body, setBody] = useState('');
  const { busy, message, errors, run } = useSubmission();
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await run(() => sendContact({ topic, body }));
    if (sent.ok) setDone(sent.value.message);
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
              <Select
                id={ids.topic}
                value={topic}
                onChange={(e) => setTopic(e.target.value as (typeof CONTACT_TOPICS)[number])}
              >
                {CONTACT_TOPICS.map((t) => (
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
