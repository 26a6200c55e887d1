import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { PREFECTURES } from '../../../contracts/prefectures.ts';
import { SHOP_CATEGORIES, type ShopDetail } from '../../../contracts/shops.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Field, FieldErrors, inputStyles } from '../../platform/ui/Field.tsx';

/** The form parts the shop screens share: selects and text areas that look like the platform's fields. */

const Wrapper = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', marginBottom: '$4' });
const Label = styled('label', { fontWeight: 700, fontSize: '$small' });
const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '120px', py: '$2' });
const Required = styled('span', {
  marginLeft: '$2',
  px: '6px',
  borderRadius: '$sm',
  fontSize: '$tiny',
  backgroundColor: '$redText',
  color: '$white',
});

type Extra = { label: string; errors?: string[] | undefined; children?: ReactNode };

export function SelectField({
  label,
  errors,
  children,
  required,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & Extra) {
  const id = `s${useId()}`;
  return (
    <Wrapper>
      <Label htmlFor={id}>
        {label}
        {required && <Required aria-hidden="true">必須</Required>}
      </Label>
      <Select
        id={id}
        required={required}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        {...rest}
      >
        {children}
      </Select>
      <FieldErrors id={`${id}-error`} errors={errors} />
    </Wrapper>
  );
}

export function TextAreaField({
  label,
  errors,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Extra) {
  const id = `t${useId()}`;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <TextArea
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        {...rest}
      />
      <FieldErrors id={`${id}-error`} errors={errors} />
    </Wrapper>
  );
}

export const PrefectureOptions = ({ empty }: { empty: string }) => (
  <>
    <option value="">{empty}</option>
    {PREFECTURES.map((p) => (
      <option key={p} value={p}>
        {p}
      </option>
    ))}
  </>
);

export const CategoryOptions = ({ empty }: { empty: string }) => (
  <>
    <option value="">{empty}</option>
    {SHOP_CATEGORIES.map((c) => (
      <option key={c} value={c}>
        {c}
      </option>
    ))}
  </>
);

export type ShopForm = {
  name: string;
  screen_name: string;
  category: string;
  prefecture: string;
  address: string;
  opening_hours: string;
  phone: string;
  url: string;
  description: string;
};

export const EMPTY_SHOP_FORM: ShopForm = {
  name: '',
  screen_name: '',
  category: '',
  prefecture: '',
  address: '',
  opening_hours: '',
  phone: '',
  url: '',
  description: '',
};

/** The shop's profile fields (issue 12), with the server's messages under each (seed spec section 5). */
export function ShopProfileFields({
  value,
  onChange,
  errors,
}: {
  value: ShopForm;
  onChange: (next: ShopForm) => void;
  errors: Record<string, string[]>;
}) {
  const set = (key: keyof ShopForm) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <>
      <Field
        label="お店の名前"
        required
        value={value.name}
        onChange={set('name')}
        errors={errors.name}
        autoComplete="organization"
      />
      <Field
        label="お店のID"
        required
        value={value.screen_name}
        onChange={set('screen_name')}
        errors={errors.screen_name}
        hint="お店のページのURL（/お店のID）になります。半角英数字・ハイフン・アンダースコアで3〜30文字。"
        autoCapitalize="off"
        spellCheck={false}
      />
      <SelectField
        label="カテゴリ"
        required
        value={value.category}
        onChange={set('category')}
        errors={errors.category}
      >
        <CategoryOptions empty="選んでください" />
      </SelectField>
      <SelectField
        label="都道府県"
        required
        value={value.prefecture}
        onChange={set('prefecture')}
        errors={errors.prefecture}
      >
        <PrefectureOptions empty="選んでください" />
      </SelectField>
      <Field
        label="住所"
        required
        value={value.address}
        onChange={set('address')}
        errors={errors.address}
        autoComplete="street-address"
      />
      <Field
        label="営業時間"
        value={value.opening_hours}
        onChange={set('opening_hours')}
        errors={errors.opening_hours}
        hint="例: 11:00〜20:00（火曜定休）"
      />
      <Field
        label="電話番号"
        required
        type="tel"
        value={value.phone}
        onChange={set('phone')}
        errors={errors.phone}
        hint="全角の数字やハイフンでも入力できます。"
        autoComplete="tel"
      />
      <Field
        label="ウェブサイト"
        type="url"
        value={value.url}
        onChange={set('url')}
        errors={errors.url}
        hint="https:// から入力してください。"
      />
      <TextAreaField
        label="お店の紹介"
        value={value.description}
        onChange={set('description')}
        errors={errors.description}
        maxLength={1000}
      />
    </>
  );
}

/** The form as the server last saved the shop (empty where it has nothing). */
export function shopForm(shop: ShopDetail): ShopForm {
  return {
    name: shop.name,
    screen_name: shop.screen_name,
    category: shop.category ?? '',
    prefecture: shop.prefecture ?? '',
    address: shop.address ?? '',
    opening_hours: shop.opening_hours ?? '',
    phone: shop.phone ?? '',
    url: shop.url ?? '',
    description: shop.description ?? '',
  };
}
