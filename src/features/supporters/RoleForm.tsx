import { useId, useState } from 'react';
import {
  ROLE_LABELS,
  ROLE_MESSAGES,
  type SupporterDetail,
  USER_ROLES,
  type UserRoleName,
} from '../../../contracts/supporters.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { changeRole } from './api/change-role.ts';

const Form = styled('form', {
  marginTop: '$5',
  paddingTop: '$4',
  borderTop: '1px solid $gray200',
});
const Select = styled('select', inputStyles);
const Label = styled('label', { fontWeight: 700, fontSize: '$small', display: 'block' });
const Row = styled('div', {
  display: 'grid',
  gap: '$2',
  '@sm': { gridTemplateColumns: '1fr auto', alignItems: 'end' },
  '& > div': { minWidth: 0 },
});

/**
 * Issue 24 "Role changes": an admin gives the user the role of 管理者, 運営スタッフ or フォーカスター, after a
 * confirmation, and hears the result in a toast. Staff see the role only (the server refuses them anyway).
 * The server keeps the last admin (409) and applies the change from the user's next request.
 */
export function RoleForm({
  detail,
  onSaved,
}: {
  detail: SupporterDetail;
  onSaved: (role: UserRoleName) => void;
}) {
  const id = useId();
  const { isAdmin } = useAuth();
  const [role, setRole] = useState<UserRoleName>(detail.role);
  const { busy, message, errors, run } = useSubmission();
  if (!isAdmin) return null;
  const submit = async () => {
    if (role === detail.role) return;
    if (!window.confirm(ROLE_MESSAGES.confirm(detail.name, role))) return;
    const done = await run(() => changeRole(detail.id, { role }));
    if (!done.ok) return;
    notify.success(done.value.message);
    onSaved(done.value.role);
  };
  return (
    <Form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`}>役割を変更する</h3>
      <p>
        現在の役割：<strong>{ROLE_LABELS[detail.role]}</strong>
        。変更は本人の次の操作から有効になります。
      </p>
      {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
      <Row>
        <div>
          <Label htmlFor={id}>新しい役割</Label>
          <Select
            id={id}
            value={role}
            aria-describedby={errors.role ? `${id}-error` : undefined}
            onChange={(e) => setRole(USER_ROLES.find((r) => r === e.target.value) ?? role)}
          >
            {USER_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={busy || role === detail.role}>
          役割を変更する
        </Button>
      </Row>
      <FieldErrors id={`${id}-error`} errors={errors.role} />
    </Form>
  );
}
