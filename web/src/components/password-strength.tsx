import { List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_REQUIREMENTS, passwordChecks, passwordStrength } from '../lib/password-strength';

function strengthColor(strength: number): string {
  if (strength >= 100) return 'brand';
  if (strength >= 66) return 'lime';
  if (strength >= 50) return 'ochre';
  return 'red';
}

/**
 * Under a new-password field (register, reset): a meter and the rules of seed 000 §5, each
 * ticked as it is met, so that the user never learns them from an error.
 */
export function PasswordStrength({ value }: { value: string }) {
  const { t } = useTranslation('password');
  const checks = passwordChecks(value);
  const strength = passwordStrength(value);
  return (
    <Stack gap={6} data-testid="password-strength">
      <Progress
        value={strength}
        color={strengthColor(strength)}
        size="sm"
        radius="xl"
        aria-label={t('strength.label')}
        transitionDuration={150}
      />
      <List spacing={2} size="sm" center>
        {PASSWORD_REQUIREMENTS.map((requirement) => (
          <List.Item
            key={requirement}
            icon={
              <ThemeIcon
                size={16}
                radius="xl"
                color={checks[requirement] ? 'brand' : 'gray'}
                variant={checks[requirement] ? 'filled' : 'light'}
              >
                {checks[requirement] ? <IconCheck size={11} /> : <IconX size={11} />}
              </ThemeIcon>
            }
          >
            <Text fz="sm" c={checks[requirement] ? 'brand.9' : 'dimmed'}>
              {t(`strength.${requirement}`)}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text fz="xs" c="dimmed">
        {t('strength.special')}
      </Text>
    </Stack>
  );
}
