import { Anchor, Group, Text, ThemeIcon, type MantineBreakpoint } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The product's name and mark, linking to `to`. `nameVisibleFrom` shows the name only from that
 * breakpoint up (the mark alone on phones, where a header has no room for both).
 */
export function Brand({
  to,
  size = 'lg',
  nameVisibleFrom,
}: {
  to: string;
  size?: 'md' | 'lg';
  nameVisibleFrom?: MantineBreakpoint;
}) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} underline="never" c="inherit" aria-label={t('appName')} style={{ flexShrink: 0 }}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={size === 'lg' ? 36 : 30} radius="md" variant="filled" color="brand">
          <IconBuildingStore size={size === 'lg' ? 22 : 18} stroke={1.8} />
        </ThemeIcon>
        <Text
          fw={800}
          fz={size === 'lg' ? 22 : 18}
          c="brand.8"
          style={{ letterSpacing: '-0.02em' }}
          visibleFrom={nameVisibleFrom}
        >
          {t('appName')}
        </Text>
      </Group>
    </Anchor>
  );
}
