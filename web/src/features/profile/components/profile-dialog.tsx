import type { SessionUser } from '@app/common/contracts/auth';
import { profileBody } from '@app/common/contracts/profile';
import { Checkbox, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { useUpdateProfile, type ProfileUpdate } from '../api/update-profile';

type ProfileFormValues = {
  username: string;
  changePassword: boolean;
  currentPassword: string;
  password: string;
  confirmation: string;
};

/** The password fields, enabled by the change box: the current password, the new one and its confirmation. */
const PASSWORD_FIELDS = [
  {
    name: 'currentPassword',
    label: 'profile.currentPassword',
    autoComplete: 'current-password',
    testId: 'profile-current-password',
  },
  { name: 'password', label: 'profile.password', autoComplete: 'new-password', testId: 'profile-password' },
  { name: 'confirmation', label: 'profile.confirmation', autoComplete: 'new-password', testId: 'profile-confirmation' },
] as const;

/**
 * Seed 000 §2 profile: last and first name read-only, username editable, the password fields
 * enabled only once the change box is ticked; both must match (seed 000 §5 message). A new
 * password asks for the current one (ASVS V2.1.6).
 */
export function ProfileDialog({ opened, user, onClose }: { opened: boolean; user: SessionUser; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile(user.idUser);
  const defaults: ProfileFormValues = {
    username: user.username,
    changePassword: false,
    currentPassword: '',
    password: '',
    confirmation: '',
  };

  return (
    <CrudDialog<ProfileFormValues, ProfileUpdate>
      opened={opened}
      onClose={onClose}
      mode="edit"
      titles={{ create: t('profile.title'), edit: t('profile.title') }}
      defaults={defaults}
      values={defaults}
      recordKey={user.idUser}
      schema={profileBody}
      onSave={(body, idempotencyKey) =>
        update.mutateAsync({
          body: body.changePassword ? body : { username: body.username, changePassword: false },
          idempotencyKey,
        })
      }
      successMessage={{ create: t('profile.text1'), edit: t('profile.text1') }}
      failureMessage={t('profile.text2')}
      errorOverrides={{ 'validation.passwordMismatch': 'profile.mismatch' }}
      testId="profile-dialog"
    >
      {(field, form) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <TextInput label={t('profile.nom')} value={user.nom} readOnly variant="filled" data-testid="profile-nom" />
            <TextInput label={t('profile.prenom')} value={user.prenom} readOnly variant="filled" data-testid="profile-prenom" />
          </SimpleGrid>
          <TextInput
            label={t('profile.username')}
            autoComplete="username"
            autoCapitalize="none"
            maxLength={20}
            data-testid="profile-username"
            {...field('username')}
          />
          <Checkbox
            label={t('profile.changePassword')}
            {...field('changePassword', { type: 'checkbox' })}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              form.setFieldValue('changePassword', checked);
              if (!checked) {
                for (const { name } of PASSWORD_FIELDS) {
                  form.setFieldValue(name, '');
                  form.clearFieldError(name);
                }
              }
            }}
          />
          {PASSWORD_FIELDS.map(({ name, label, autoComplete, testId }) => (
            <PasswordInput
              key={name}
              label={t(label)}
              autoComplete={autoComplete}
              disabled={!form.values.changePassword}
              visibilityToggleButtonProps={{ 'aria-label': t('actions.showHide') }}
              data-testid={testId}
              {...field(name)}
            />
          ))}
        </>
      )}
    </CrudDialog>
  );
}
