import { useState } from 'react';
import {
  type Voice,
  VOICE_KIND_LABELS,
  VOICE_KINDS,
  type VoiceKind,
  VOICE_BODY_MAX,
} from '../../../contracts/achievements.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState } from '../../platform/ui/Page.tsx';
import { createVoice, deleteVoice, listVoices, updateVoice } from './api/customer-voices.ts';

/**
 * Issue 16 / product design section 6 (ADR 0094): the customer voices of the top page, on the staff
 * screen of the top page's pictures: write, publish or hide, order (smaller number first), delete.
 */
const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '90px', py: '$2' });
const Label = styled('label', { fontWeight: 700, fontSize: '$small', display: 'block', marginBottom: '$1' });
const Block = styled('div', { marginBottom: '$4' });
const List = styled('ol', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$3' });
const Item = styled('li', {
  padding: '$3',
  borderRadius: '$md',
  border: '1px solid $gray200',
  fontSize: '$small',
  '& p': { margin: '0 0 $2', whiteSpace: 'pre-wrap' },
  variants: { off: { true: { backgroundColor: '$gray50', color: '$gray600' } } },
});
const Row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', alignItems: 'center' });

function NewVoice({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<VoiceKind>('shop');
  const [body, setBody] = useState('');
  const [published, setPublished] = useState(true);
  const { busy, message, errors, run } = useSubmission();
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const done = await run(() => createVoice({ name, kind, body, published }));
        if (!done.ok) return;
        setName('');
        setBody('');
        onCreated();
      }}
    >
      {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
      <Block>
        <Label htmlFor="voice-kind">どなたの声か</Label>
        <Select id="voice-kind" value={kind} onChange={(e) => setKind(e.target.value as VoiceKind)}>
          {VOICE_KINDS.map((k) => (
            <option key={k} value={k}>
              {VOICE_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
        <FieldErrors id="voice-kind-error" errors={errors.kind} />
      </Block>
      <Field
        label="お名前・肩書き"
        hint="例：カフェ店主（東京都）。ご本人の許可を得た表記にしてください。"
        maxLength={40}
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={errors.name}
        required
      />
      <Block>
        <Label htmlFor="voice-body">お客さまの声（{VOICE_BODY_MAX}文字まで）</Label>
        <TextArea
          id="voice-body"
          maxLength={300}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={errors.body?.length ? true : undefined}
          aria-describedby={errors.body?.length ? 'voice-body-error' : undefined}
        />
        <FieldErrors id="voice-body-error" errors={errors.body} />
      </Block>
      <Row style={{ marginBottom: 16 }}>
        <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center', minHeight: 44 }}>
          <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />
          すぐにトップページに表示する
        </label>
      </Row>
      <Button type="submit" disabled={busy}>
        お客さまの声を登録する
      </Button>
    </form>
  );
}

function VoiceRow({ voice, onChanged }: { voice: Voice; onChanged: () => void }) {
  const [position, setPosition] = useState(String(voice.position));
  const { busy, message, run } = useSubmission();
  const save = async (body: Parameters<typeof updateVoice>[1]) => {
    if ((await run(() => updateVoice(voice.id, body))).ok) onChanged();
  };
  return (
    <Item off={!voice.published} aria-label={`${voice.name}の声`}>
      <p>{voice.body}</p>
      <p>
        {VOICE_KIND_LABELS[voice.kind]}・{voice.name}（{voice.published ? '公開中' : '非公開'}）
      </p>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Row>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => save({ published: !voice.published })}
        >
          {voice.published ? '非公開にする' : '公開する'}
        </Button>
        <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          表示順
          <input
            inputMode="numeric"
            value={position}
            onChange={(e) => setPosition(e.target.value)}
            style={{ width: 64 }}
            aria-label={`${voice.name}の声の表示順`}
          />
        </label>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy || position === String(voice.position)}
          onClick={() => {
            const n = Number(
              position.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)),
            );
            void save({ position: Number.isInteger(n) ? n : -1 });
          }}
        >
          表示順を保存
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={async () => {
            if (!window.confirm('この声を削除しますか？元に戻せません。')) return;
            if ((await run(() => deleteVoice(voice.id))).ok) onChanged();
          }}
        >
          削除
        </Button>
      </Row>
    </Item>
  );
}

export function CustomerVoicesSection() {
  const [version, setVersion] = useState(0);
  const voices = useResource((signal) => listVoices(signal), String(version));
  const reload = () => setVersion((v) => v + 1);
  return (
    <Card aria-labelledby="voices-title">
      <h2 id="voices-title">お客さまの声</h2>
      <p>公開中の声が、表示順の小さい順に最大6件、トップページの実績の下に表示されます。</p>
      <NewVoice onCreated={reload} />
      <div style={{ height: 24 }} />
      {voices.state === 'loading' && <PageLoading label="お客さまの声を読み込んでいます…" />}
      {voices.state === 'failed' && <FormAlert role="alert">{voices.error.message}</FormAlert>}
      {voices.state === 'done' && voices.data.items.length === 0 && (
        <EmptyState title="お客さまの声はまだありません">登録すると、ここに一覧で表示されます。</EmptyState>
      )}
      {voices.state === 'done' && voices.data.items.length > 0 && (
        <List aria-label="登録済みのお客さまの声">
          {voices.data.items.map((v) => (
            <VoiceRow key={`${v.id}:${v.position}:${v.published}`} voice={v} onChanged={reload} />
          ))}
        </List>
      )}
    </Card>
  );
}
