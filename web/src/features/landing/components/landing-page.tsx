import { formatFcfa } from '@app/common/money';
import { Badge, Box, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconCashRegister,
  IconCheck,
  IconChartBar,
  IconFileInvoice,
  IconPackages,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLangPath } from '../../../lib/use-lang';
import { PLAN_CARDS, type PlanCard } from '../plans';
import { useDocumentTitle } from '../../../lib/use-document-title';

const FEATURES: { key: string; icon: ReactNode }[] = [
  { key: 'users', icon: <IconUsers size={22} /> },
  { key: 'shops', icon: <IconBuildingStore size={22} /> },
  { key: 'cash', icon: <IconCashRegister size={22} /> },
  { key: 'invoices', icon: <IconFileInvoice size={22} /> },
  { key: 'stock', icon: <IconPackages size={22} /> },
  { key: 'deliveries', icon: <IconTruckDelivery size={22} /> },
  { key: 'reports', icon: <IconChartBar size={22} /> },
];

function PlanPrice({ plan }: { plan: PlanCard }) {
  const { t } = useTranslation('landing');
  if (plan.priceFcfaPerYear === null) {
    return (
      <Text fz={28} fw={800} c="ochre.8" data-testid={`plan-price-${plan.key}`}>
        {t('plans.onRequest')}
      </Text>
    );
  }
  return (
    <Group gap={6} align="baseline" data-testid={`plan-price-${plan.key}`}>
      <Text fz={30} fw={800} c="brand.8" style={{ whiteSpace: 'nowrap' }}>
        {formatFcfa(plan.priceFcfaPerYear)}
      </Text>
      <Text c="dimmed">{t('plans.perYear')}</Text>
    </Group>
  );
}

function Plan({ plan }: { plan: PlanCard }) {
  const { t } = useTranslation('landing');
  const to = useLangPath();
  const name = t(`plans.${plan.key}.name`);
  return (
    <Card
      withBorder
      radius="lg"
      p="xl"
      shadow={plan.highlighted ? 'md' : 'xs'}
      style={plan.highlighted ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
      data-testid={`plan-${plan.key}`}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between">
          <Title order={3} fz={22}>
            {name}
          </Title>
          {plan.highlighted && (
            <Badge color="ochre" variant="filled">
              {t('plans.popular')}
            </Badge>
          )}
        </Group>
        <PlanPrice plan={plan} />
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={20} radius="xl" color="brand" variant="light">
              <IconCheck size={14} />
            </ThemeIcon>
          }
          style={{ flex: 1 }}
        >
          <List.Item>{t(`plans.${plan.key}.shops`)}</List.Item>
          <List.Item>{t(`plans.${plan.key}.depots`)}</List.Item>
          <List.Item>{t(`plans.${plan.key}.users`)}</List.Item>
        </List>
        <Button
          component={Link}
          to={`${to('register')}?plan=${plan.code}`}
          variant={plan.highlighted ? 'filled' : 'light'}
          fullWidth
          size="md"
        >
          {t('plans.choose', { plan: name })}
        </Button>
      </Stack>
    </Card>
  );
}

/** The public front page: what the product does, the plans, and the ways in (seed 000 §1). */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(null);
  const to = useLangPath();

  return (
    <Box component="main">
      <Box
        style={{
          background: 'linear-gradient(160deg, var(--mantine-color-brand-0) 0%, #fff 55%, var(--mantine-color-ochre-0) 100%)',
        }}
      >
        <Container size="lg" py={{ base: 40, sm: 80 }}>
          <Stack gap="lg" maw={720}>
            <Badge color="ochre" variant="light" size="lg" radius="sm" w="fit-content">
              {t('hero.badge')}
            </Badge>
            <Title order={1} fz={{ base: 30, sm: 46 }} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
              {t('hero.title')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dark.5">
              {t('hero.subtitle')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to={to('login')} size="lg" data-testid="hero-login">
                {t('hero.login')}
              </Button>
              <Button component={Link} to={to('register')} size="lg" variant="outline" data-testid="hero-register">
                {t('hero.register')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 40, sm: 64 }} id="features" component="section" aria-labelledby="features-title">
        <Title order={2} id="features-title" mb="xl" fz={{ base: 24, sm: 30 }}>
          {t('features.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.key} withBorder radius="lg" p="lg" data-testid={`feature-${feature.key}`}>
              <ThemeIcon size={44} radius="md" variant="light" color="brand" mb="sm">
                {feature.icon}
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {t(`features.${feature.key}.title`)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(`features.${feature.key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="gray.0" id="plans" component="section" aria-labelledby="plans-title">
        <Container size="lg" py={{ base: 40, sm: 64 }}>
          <Title order={2} id="plans-title" fz={{ base: 24, sm: 30 }}>
            {t('plans.title')}
          </Title>
          <Text c="dimmed" mt="xs" mb="xl">
            {t('plans.subtitle')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {PLAN_CARDS.map((plan) => (
              <Plan key={plan.key} plan={plan} />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg">
          <Text c="dimmed" fz="sm" ta="center">
            {t('footer')}
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
