import { MAX_IMAGES } from '../../../../contracts/advertisements.ts';
import { IMAGE_MAX_MB } from '../../../../contracts/common.ts';
import { Button } from '../../../platform/ui/Button.tsx';
import { FieldErrors } from '../../../platform/ui/Field.tsx';
import { Thumbs } from './parts.ts';

/**
 * Step 1's images (issue 13: up to 4, through the storage service): picked files are uploaded at once to
 * the draft; a picked image can be taken off again (saved with the next step).
 */
export function ImagePicker({
  urls,
  uploading,
  disabled,
  errors,
  onAdd,
  onRemove,
}: {
  urls: string[];
  uploading: boolean;
  disabled: boolean;
  errors?: string[] | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (url: string) => void;
}) {
  const id = 'ad-images';
  const full = urls.length >= MAX_IMAGES;
  return (
    // NOTE: a fieldset is as wide as its widest child by default (min-width: min-content): the file input
    // pushed the page past 320 px (issue 25 (7)).
    <fieldset style={{ border: 0, padding: 0, margin: '1rem 0', minWidth: 0 }}>
      <legend style={{ fontWeight: 700 }}>
        画像（{urls.length}／{MAX_IMAGES}枚）
      </legend>
      {urls.length > 0 && (
        <Thumbs aria-label="選んだ画像">
          {urls.map((url, i) => (
            <li key={url}>
              <img src={url} alt={`画像${i + 1}`} />
              <Button variant="ghost" disabled={disabled} onClick={() => onRemove(url)}>
                画像{i + 1}を外す
              </Button>
            </li>
          ))}
        </Thumbs>
      )}
      <label htmlFor={id} style={{ display: 'block', fontSize: 14 }}>
        {full
          ? `画像は${MAX_IMAGES}枚まで選べます。`
          : `画像を追加（JPEG・PNG・WebP、1枚${IMAGE_MAX_MB}MBまで）`}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        style={{ maxWidth: '100%' }}
        disabled={disabled || full}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onAdd(files);
        }}
      />
      {uploading && <p role="status">画像をアップロードしています…</p>}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}
