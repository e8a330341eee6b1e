import { Alert, Button, Group, Modal, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPhone, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLangPath } from '../../../lib/use-lang';
import { useActivationContact } from '../api/get-activation-contact';

export type RegisterOutcome =
  | { kind: 'success'; name: string; username: string; custom: boolean }
  | { kind: 'failure'; message: string; withFields: boolean }
  | { kind: 'missingProof' };

/**
 * The register screen's dialogs (seed 000 §2, §4, §8): the confirmation with the next step and
 * the activation phone numbers, the server's refusal, and the missing proof of transfer.
 */
export function RegisterOutcomeDialog({ outcome, onClose }: { outcome: RegisterOutcome | null; onClose: () => void }) {
  const { t } = useTranslation(['register', 'common']);
  const to = useLangPath();
  const contact = useActivationContact();

  if (outcome?.kind === 'success') {
    return (
      <Modal opened onClose={onClose} title={t('success.title')} size={520}>
        <Stack gap="md" data-testid="register-success-dialog">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="xl" color="brand" variant="light" style={{ flexShrink: 0 }}>
              <IconCircleCheck size={24} />
            </ThemeIcon>
            <Stack gap={6}>
              <Text fw={600}>{t('success.text', { name: outcome.name, username: outcome.username })}</Text>
              <Text fz="sm">{outcome.custom ? t('success.nextCustom') : t('success.next')}</Text>
            </Stack>
          </Group>
          <Paper withBorder radius="md" p="sm" bg="ochre.0" style={{ borderColor: 'var(--mantine-color-ochre-3)' }}>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={32} radius="xl" color="ochre" variant="filled" style={{ flexShrink: 0 }}>
                <IconPhone size={18} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fz="sm">{t('success.contact')}</Text>
                {/* One number a line, from the server's configuration (ACTIVATION_PHONES). */}
                <Text fw={700} style={{ whiteSpace: 'pre-line' }} data-testid="register-activation-phones">
                  {contact.data?.activationPhones.join('\n') ?? ''}
                </Text>
              </Stack>
            </Group>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
            <Button component={Link} to={to('login')} data-testid="register-go-login">
              {t('success.login')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  const missingProof = outcome?.kind === 'missingProof';
  return (
    <Modal
      opened={outcome !== null}
      onClose={onClose}
      title={missingProof ? t('proof.missingTitle') : t('failure.title')}
      size={480}
    >
      <Stack gap="md" data-testid={missingProof ? 'register-proof-dialog' : 'register-error-dialog'}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" color={missingProof ? 'ochre' : 'red'} variant="light" style={{ flexShrink: 0 }}>
            {missingProof ? <IconPhotoOff size={22} /> : <IconAlertTriangle size={22} />}
          </ThemeIcon>
          <Text fw={500} pt={8}>
            {outcome?.kind === 'failure' ? outcome.message : t('common:validation.proofRequired')}
          </Text>
        </Group>
        {outcome?.kind === 'failure' && outcome.withFields && (
          <Alert color="red" variant="light" p="xs">
            <Text fz="sm">{t('failure.fields')}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="register-dialog-close">
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
