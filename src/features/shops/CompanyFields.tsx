import type { Company } from '../../../contracts/shops.ts';
import { Field } from '../../platform/ui/Field.tsx';

/** The company's fields (issue 12): the application and the company's edit screen share them. */

export type CompanyForm = {
  name: string;
  name_kana: string;
  representative: string;
  postal_code: string;
  address: string;
  phone: string;
  invoice_number: string;
};

export const EMPTY_COMPANY_FORM: CompanyForm = {
  name: '',
  name_kana: '',
  representative: '',
  postal_code: '',
  address: '',
  phone: '',
  invoice_number: '',
};

/** The form as the server last saved the company (empty where it has nothing). */
export function companyForm(company: Company): CompanyForm {
  return {
    name: company.name,
    name_kana: company.name_kana ?? '',
    representative: company.representative ?? '',
    postal_code: company.postal_code ?? '',
    address: company.address ?? '',
    phone: company.phone ?? '',
    invoice_number: company.invoice_number ?? '',
  };
}

/** The company's fields, with the server's messages under each (seed spec section 5). */
export function CompanyProfileFields({
  value,
  onChange,
  errors,
}: {
  value: CompanyForm;
  onChange: (next: CompanyForm) => void;
  errors: Record<string, string[]>;
}) {
  const set = (key: keyof CompanyForm) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <>
      <Field
        label="会社名・屋号"
        required
        value={value.name}
        onChange={set('name')}
        errors={errors.name}
        autoComplete="organization"
      />
      <Field
        label="会社名・屋号（フリガナ）"
        required
        value={value.name_kana}
        onChange={set('name_kana')}
        errors={errors.name_kana}
        hint="ひらがなで入力しても、カタカナに直して登録します。"
      />
      <Field
        label="代表者名"
        required
        value={value.representative}
        onChange={set('representative')}
        errors={errors.representative}
        autoComplete="name"
      />
      <Field
        label="郵便番号"
        required
        value={value.postal_code}
        onChange={set('postal_code')}
        errors={errors.postal_code}
        inputMode="numeric"
        autoComplete="postal-code"
        hint="例: 150-0041（全角の数字でも入力できます）"
      />
      <Field
        label="所在地"
        required
        value={value.address}
        onChange={set('address')}
        errors={errors.address}
        autoComplete="street-address"
      />
      <Field
        label="電話番号"
        required
        type="tel"
        value={value.phone}
        onChange={set('phone')}
        errors={errors.phone}
        autoComplete="tel"
      />
      <Field
        label="インボイス登録番号"
        value={value.invoice_number}
        onChange={set('invoice_number')}
        errors={errors.invoice_number}
        hint="適格請求書発行事業者の方は「T」と13桁の数字（例: T1234567890123）。お持ちでなければ空欄のままで構いません。"
      />
    </>
  );
}
