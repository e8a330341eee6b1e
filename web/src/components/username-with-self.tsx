import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An account's username in a list, marked "You" on the signed-in user's own row. */
export function UsernameWithSelf({ username, self }: { username: string; self: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {username}
      {self && (
        <Badge size="sm" variant="outline" color="gray" component="span" style={{ flexShrink: 0, minWidth: 'max-content' }}>
          {t('person.you')}
        </Badge>
      )}
    </Group>
  );
}
