import { formatFcfa } from '@app/common/money';
import { lineTotalFcfa } from '@app/common/sale';
import { ActionIcon, Button, Group, NumberInput, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDiscount, IconMinus, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine, CartTotals } from '../cart';
import classes from './till.module.css';

/** A key hint shown on a button on a desktop (F9, Enter, 1..6). */
export function KeyHint({ label, show }: { label: string; show: boolean }) {
  return show ? <span className={classes.kbd}>{label}</span> : null;
}

export function CartLines({
  lines,
  onIncrement,
  onDecrement,
  onRemove,
  onSetQuantity,
}: {
  lines: readonly CartLine[];
  onIncrement: (articleId: number) => void;
  onDecrement: (articleId: number) => void;
  onRemove: (articleId: number) => void;
  onSetQuantity: (articleId: number, quantity: number) => void;
}) {
  const { t } = useTranslation('till');
  // A quantity the cart refused (more than the depot holds) is put back to the line's on leaving the box.
  const [resets, setResets] = useState(0);
  if (lines.length === 0) {
    return (
      <Stack align="center" gap={4} py="xl" c="dimmed" data-testid="cart-empty">
        <IconShoppingCart size={32} stroke={1.5} />
        <Text size="sm" ta="center">
          {t('cart.empty')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0} data-testid="cart-lines">
      {lines.map((line) => (
        <Stack
          key={line.articleId}
          gap={4}
          py={8}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          data-testid={`cart-line-${line.articleId}`}
        >
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {line.designation}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size={30}
              onClick={() => onRemove(line.articleId)}
              aria-label={t('cart.remove', { name: line.designation })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          {/* Large amounts (a line of 8 digits) do not fit beside the stepper at 375 px: the line's total then goes under it. */}
          <Group gap="xs" wrap="wrap" style={{ rowGap: 4 }}>
            <Text size="xs" c="dimmed" style={{ flex: '1 0 auto', whiteSpace: 'nowrap' }}>
              {formatFcfa(line.unitPriceFcfa)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                size={34}
                onClick={() => onDecrement(line.articleId)}
                aria-label={t('cart.less', { name: line.designation })}
              >
                <IconMinus size={16} />
              </ActionIcon>
              <NumberInput
                key={`${line.articleId}:${resets}`}
                value={line.quantity}
                onBlur={(event) => {
                  if (Number(event.currentTarget.value.replace(/\D/g, '')) !== line.quantity) setResets((n) => n + 1);
                }}
                onChange={(value) => {
                  if (typeof value === 'number') onSetQuantity(line.articleId, value);
                }}
                hideControls
                allowDecimal={false}
                allowNegative={false}
                min={1}
                w={52}
                size="sm"
                inputMode="numeric"
                aria-label={t('cart.quantity', { name: line.designation })}
                styles={{ input: { textAlign: 'center', fontWeight: 700, paddingInline: 4 } }}
                data-testid="cart-quantity"
              />
              <ActionIcon
                variant="default"
                size={34}
                onClick={() => onIncrement(line.articleId)}
                aria-label={t('cart.more', { name: line.designation })}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </Group>
            <Text size="sm" fw={700} miw={96} ml="auto" ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatFcfa(lineTotalFcfa(line))}
            </Text>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

/** The large charge button: it carries the total, so the total is always in view with it. */
export function ChargeButton({
  totalFcfa,
  disabled,
  onCharge,
  showKeys,
  compact = false,
}: {
  totalFcfa: number;
  disabled: boolean;
  onCharge: () => void;
  showKeys: boolean;
  /** The phone's bar: the word above the total, so both fit 375 px. */
  compact?: boolean;
}) {
  const { t } = useTranslation('till');
  if (compact) {
    return (
      <Button
        h={60}
        fullWidth
        disabled={disabled}
        onClick={onCharge}
        px="sm"
        data-testid="till-charge"
        styles={{ label: { flexDirection: 'column', lineHeight: 1.15 } }}
      >
        <Text span size="sm" fw={600} c="inherit">
          {t('cart.charge')}
        </Text>
        <Text span fz={21} fw={800} c="inherit" data-testid="till-total">
          {formatFcfa(totalFcfa)}
        </Text>
      </Button>
    );
  }
  return (
    <Button
      h={60}
      px="md"
      fz={19}
      fullWidth
      disabled={disabled}
      onClick={onCharge}
      rightSection={<KeyHint label="F9" show={showKeys} />}
      styles={{ label: { gap: 8 } }}
      data-testid="till-charge"
    >
      {t('cart.charge')} <span data-testid="till-total">{formatFcfa(totalFcfa)}</span>
    </Button>
  );
}

/**
 * The subtotal and the discount above the total, when the cart has a discount (nothing otherwise);
 * a discount above the lines' sum says so (it cannot be confirmed).
 */
export function DiscountSummary({ totals }: { totals: CartTotals }) {
  const { t } = useTranslation('till');
  const amounts = totals.ok ? totals.amounts : null;
  if (totals.ok && (!amounts || amounts.discountFcfa === 0)) return null;
  return (
    <Stack gap={2} mb={6} data-testid="cart-discount-summary">
      {amounts && (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('discount.subtotal')}
            </Text>
            <Text size="sm" fw={600} data-testid="cart-subtotal">
              {formatFcfa(amounts.subtotalFcfa)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('discount.label')}
            </Text>
            <Text size="sm" fw={600} c="brand.8" data-testid="cart-discount">
              − {formatFcfa(amounts.discountFcfa)}
            </Text>
          </Group>
        </>
      )}
      {!totals.ok && (
        <Text size="sm" c="red.8" data-testid="cart-discount-too-high">
          {t('discount.tooHigh', { max: formatFcfa(totals.maxFcfa) })}
        </Text>
      )}
    </Stack>
  );
}

/** The desktop's cart column. */
export function CartColumn(props: {
  lines: readonly CartLine[];
  units: number;
  totals: CartTotals;
  onIncrement: (articleId: number) => void;
  onDecrement: (articleId: number) => void;
  onRemove: (articleId: number) => void;
  onSetQuantity: (articleId: number, quantity: number) => void;
  onClear: () => void;
  onCharge: () => void;
  /** F8: the pay panel on its discount entry. */
  onDiscount: () => void;
  /** Charging is off (the register's day is closed): the till says why above the grid. */
  chargeDisabled?: boolean;
}) {
  const { t } = useTranslation('till');
  const totalFcfa = props.totals.amounts?.totalFcfa ?? 0;
  return (
    <div className={classes.cartColumn}>
      <Stack
        gap="sm"
        p="md"
        bg="white"
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          flex: 1,
          minHeight: 0,
        }}
      >
        <Group justify="space-between">
          <Text fw={700}>{t('cart.title', { count: props.units })}</Text>
          {props.lines.length > 0 && (
            <Group gap={4} wrap="nowrap">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconDiscount size={16} />}
                rightSection={<KeyHint label="F8" show />}
                onClick={props.onDiscount}
                data-testid="cart-discount-open"
              >
                {t('discount.label')}
              </Button>
              <Button variant="subtle" color="red" size="compact-sm" onClick={props.onClear} data-testid="cart-clear">
                {t('cart.clear')}
              </Button>
            </Group>
          )}
        </Group>
        <ScrollArea style={{ flex: 1 }} offsetScrollbars type="auto">
          <CartLines
            lines={props.lines}
            onIncrement={props.onIncrement}
            onDecrement={props.onDecrement}
            onRemove={props.onRemove}
            onSetQuantity={props.onSetQuantity}
          />
        </ScrollArea>
        <div>
          <DiscountSummary totals={props.totals} />
          <Group justify="space-between" align="baseline" wrap="nowrap">
            <Text c="dimmed">{t('cart.total')}</Text>
            <Text fw={800} fz={26} data-testid="cart-total" style={{ whiteSpace: 'nowrap' }}>
              {formatFcfa(totalFcfa)}
            </Text>
          </Group>
        </div>
        <ChargeButton
          totalFcfa={totalFcfa}
          disabled={props.lines.length === 0 || props.chargeDisabled === true}
          onCharge={props.onCharge}
          showKeys
        />
      </Stack>
    </div>
  );
}
