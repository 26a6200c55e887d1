import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { styled } from '../styles/stitches.config.ts';

/** People type numbers with the IME on: full-width digits (０-９) and separators become ASCII. */
export function normalizeDigits(value: string): string {
  return value
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[，、,]/g, '')
    .replace(/[．。]/g, '.')
    .replace(/[－ー―‐]/g, '-')
    .trim();
}

/** Parses a typed whole number (full-width digits accepted); null when it is not one. */
export function parseWholeNumber(value: string): number | null {
  const v = normalizeDigits(value);
  if (!/^[0-9]+$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}

const Wrapper = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', marginBottom: '$4' });
const Label = styled('label', { fontWeight: 700, fontSize: '$small' });
const LabelRow = styled('div', { display: 'flex', alignItems: 'center' });
const Required = styled('span', {
  marginLeft: '$2',
  px: '6px',
  borderRadius: '$sm',
  fontSize: '$tiny',
  backgroundColor: '$redText',
  color: '$white',
  verticalAlign: 'middle',
});
export const inputStyles = {
  width: '100%',
  minHeight: '48px',
  px: '$3',
  border: '1px solid $gray400',
  borderRadius: '$md',
  backgroundColor: '$white',
  color: '$text',
  fontSize: '16px', // 16 px stops iOS Safari from zooming into the field
  '&[aria-invalid="true"]': { borderColor: '$redText', backgroundColor: '$redPale' },
} as const;
const Input = styled('input', inputStyles);
const Hint = styled('p', { margin: 0, fontSize: '$tiny', color: '$muted' });
const ErrorList = styled('ul', {
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: '$redText',
  fontSize: '$small',
  fontWeight: 700,
});

export function FieldErrors({ id, errors }: { id: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ErrorList id={id}>
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ErrorList>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: ReactNode;
  errors?: string[] | undefined;
};

/** A labelled input with its hint and the server's messages for it (seed spec section 5: each shown). */
export function Field({ label, hint, errors, required, id, ...input }: FieldProps) {
  const autoId = useId();
  const fieldId = id ?? `f${autoId}`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(' ');
  return (
    <Wrapper>
      <LabelRow>
        <Label htmlFor={fieldId}>{label}</Label>
        {required && <Required aria-hidden="true">必須</Required>}
      </LabelRow>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <Input
        id={fieldId}
        required={required}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      <FieldErrors id={errorId} errors={errors} />
    </Wrapper>
  );
}

const CheckRow = styled('div', {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$2',
  minHeight: '44px',
  '& input': { width: '22px', height: '22px', marginTop: '3px', flexShrink: 0 },
});

export function CheckboxField({
  label,
  hint,
  errors,
  id,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | undefined;
}) {
  const autoId = useId();
  const fieldId = id ?? `c${autoId}`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(' ');
  return (
    <Wrapper>
      <CheckRow>
        <input
          type="checkbox"
          id={fieldId}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        <label htmlFor={fieldId}>{label}</label>
      </CheckRow>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <FieldErrors id={errorId} errors={errors} />
    </Wrapper>
  );
}

/** The message of the whole form (server 422 `message`, or a failed request). */
export const FormAlert = styled('div', {
  padding: '$3 $4',
  marginBottom: '$4',
  borderRadius: '$md',
  backgroundColor: '$redPale',
  color: '$redText',
  fontWeight: 700,
  fontSize: '$small',
});

/** Full-width ASCII (ｆｏｏ＠ｅｘａｍｐｌｅ．ｃｏｍ, typed with the IME on) becomes half-width. */
export function toHalfWidthAscii(value: string): string {
  return value
    .replace(/[！-～]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .trim();
}
