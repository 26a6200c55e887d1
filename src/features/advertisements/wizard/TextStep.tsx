import { useSelector } from '@xstate/react';
import {
  type AdDraft,
  composePost,
  MAX_WEIGHTED_LENGTH,
  SAMPLE_SHORT_URL,
} from '../../../../contracts/advertisements.ts';
import { weightedLength } from '../../../../machines/adWizardMachine.ts';
import { Field, FieldErrors } from '../../../platform/ui/Field.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import {
  Counter,
  Preview,
  PreviewImages,
  selectBusy,
  selectDraft,
  selectErrors,
  selectUploading,
  TextArea,
  type WizardActor,
} from './parts.ts';

/** Step 1, 依頼内容: the text (the disclosure stays), hashtags, up to 4 images, the link, and the post's preview. */
export function TextStep({ actor, shopScreenName }: { actor: WizardActor; shopScreenName: string }) {
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectErrors);
  const uploading = useSelector(actor, selectUploading);
  const busy = useSelector(actor, selectBusy);
  const edit = (patch: Partial<AdDraft>) => actor.send({ type: 'wizard.edit', patch });
  const post = composePost(draft.text, draft.hashtags, SAMPLE_SHORT_URL);
  const length = weightedLength(post);
  return (
    <>
      <label htmlFor="ad-text" style={{ fontWeight: 700 }}>
        紹介文（「#PR」は消せません）
      </label>
      <TextArea
        id="ad-text"
        value={draft.text}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby="ad-text-count ad-text-error"
        onChange={(e) => edit({ text: e.target.value })}
      />
      <Counter id="ad-text-count" over={length > MAX_WEIGHTED_LENGTH} aria-live="polite">
        {length}／{MAX_WEIGHTED_LENGTH}（全角は2文字、リンクは23文字として数えます）
      </Counter>
      <FieldErrors id="ad-text-error" errors={errors.text} />
      <Field
        label="ハッシュタグ（空白区切り）"
        value={draft.hashtags.map((h) => `#${h}`).join(' ')}
        onChange={(e) =>
          edit({
            hashtags: e.target.value
              .split(/[\s\u3000]+/)
              .map((h) => h.replace(/^[#＃]/, ''))
              .filter(Boolean),
          })
        }
        hint="例：#渋谷カフェ #自家焙煎"
        errors={errors.hashtags}
      />
      <ImagePicker
        urls={draft.image_urls}
        uploading={uploading}
        disabled={busy}
        errors={errors.images ?? errors.image_urls}
        onAdd={(files) => actor.send({ type: 'wizard.addImages', files })}
        onRemove={(url) => edit({ image_urls: draft.image_urls.filter((u) => u !== url) })}
      />
      <Field
        label="リンク先URL"
        inputMode="url"
        value={draft.landing_url ?? ''}
        placeholder={`${location.origin}/${shopScreenName}`}
        onChange={(e) => edit({ landing_url: e.target.value.trim() || null })}
        hint="空欄のときは、お店のページにつながります。"
        errors={errors.landing_url}
      />
      <h3>投稿のプレビュー</h3>
      <Preview aria-label="投稿のプレビュー">
        {post.replace(SAMPLE_SHORT_URL, `${location.origin}/s/…`)}
        {draft.image_urls.length > 0 && (
          <PreviewImages single={draft.image_urls.length === 1}>
            {draft.image_urls.map((url) => (
              <img key={url} src={url} alt="" />
            ))}
          </PreviewImages>
        )}
      </Preview>
    </>
  );
}
