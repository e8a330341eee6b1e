import { setPasswordBody, type SetPasswordBody, type ShopUser } from '@app/common/contracts/users';
import { PasswordInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { useSetUserPassword } from '../api/user-mutations';

type PasswordFormValues = { idUser: number; nouveau: string; confirmation: string };

/** Seed 000 §5: both fields filled and equal, otherwise the seed's mismatch message. */
export function PasswordDialog({ opened, user, onClose }: { opened: boolean; user: ShopUser | null; onClose: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  const save = useSetUserPassword();
  const empty: PasswordFormValues = { idUser: user?.idUser ?? 0, nouveau: '', confirmation: '' };

  return (
    <CrudDialog<PasswordFormValues, SetPasswordBody>
      opened={opened}
      onClose={onClose}
      mode="edit"
      titles={{
        create: t('setPassword.action'),
        edit: user ? t('setPassword.title', { username: user.username }) : t('setPassword.action'),
      }}
      defaults={empty}
      values={empty}
      recordKey={user?.idUser ?? null}
      schema={setPasswordBody}
      onSave={(body, idempotencyKey) => save.mutateAsync({ idUser: user?.idUser ?? 0, body, idempotencyKey })}
      successMessage={{ create: t('setPassword.saved'), edit: t('setPassword.saved') }}
      failureMessage={t('setPassword.error')}
      // The translated text, not a key: shown as it is.
      errorOverrides={{ 'validation.passwordMismatch': t('setPassword.mismatch') }}
      size={500}
      testId="password-dialog"
    >
      {(field) => (
        <>
          <Text fz="sm" c="dimmed">
            {t('setPassword.hint')}
          </Text>
          <PasswordInput
            label={t('setPassword.nouveau')}
            autoComplete="new-password"
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showHide') }}
            {...field('nouveau')}
          />
          <PasswordInput
            label={t('setPassword.confirmation')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showHide') }}
            {...field('confirmation')}
          />
        </>
      )}
    </CrudDialog>
  );
}
