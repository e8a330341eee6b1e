import type { AuditEntry } from '@app/common/contracts/audit';
import { formatDate } from '@app/common/dates';
import { toLanguage } from '@app/common/languages';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { queryKeys } from '../../../lib/query-keys';
import { getAuditPage } from '../api/audit';
import { changeText, fieldChanges, recordLabel } from '../change-summary';

/** Before → after of each field of the line, one per row, in the user's language. */
function Changes({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const { t, i18n } = useTranslation('audit');
  const lang = toLanguage(i18n.language);
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <Text c="dimmed">—</Text>;
  const value = (raw: string, field: string) => {
    // Money as the shop reads it (the field's label says FCFA).
    if (/Fcfa$/.test(field) && /^-?\d+$/.test(raw)) return new Intl.NumberFormat('fr-FR').format(Number(raw));
    if (raw === 'true' || raw === 'false') return t(`values.${raw}`);
    if (/^\d{4}-\d{2}-\d{2}T/.test(raw)) return formatDate(raw, { lang, timeZone, format: 'dateTime' });
    return raw;
  };
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={change.field} fz="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} fz="xs">
            {t(`fields.${change.field}`, { defaultValue: change.field })}
          </Text>{' '}
          {changeText(change, (raw) => value(raw, change.field))}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * app/journal-audit (issue 12): the shop's sensitive actions (invoice deleted or changed, payment
 * corrected or voided, delivery cancelled, reception changed or deleted, stock count, user changes,
 * subscription activation), who did them and when, with the figures before and after.
 * Read-only; directors only.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation(['audit', 'common']);
  const lang = toLanguage(i18n.language);
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<AuditEntry>
          title={t('title')}
          subtitle={t('subtitle', { shop: shop.nom })}
          queryKey={queryKeys.audit.list(shop.idBoutique)}
          fetcher={(page, term, signal) => getAuditPage(shop.idBoutique, page, term, signal)}
          rowKey={(entry) => entry.id}
          searchLabel={t('search')}
          testId="audit-table"
          editable={false}
          columns={[
            {
              key: 'date',
              header: t('date'),
              render: (e) => formatDate(e.createdAt, { lang, timeZone: shop.timeZone, format: 'dateTime' }),
            },
            { key: 'user', header: t('user'), render: (e) => e.user?.username ?? '—' },
            {
              key: 'action',
              header: t('action'),
              render: (e) => (
                <Badge
                  variant="light"
                  color={
                    e.action.endsWith('delete') || e.action.endsWith('void') || e.action.endsWith('cancel') ? 'red' : 'brand'
                  }
                  // The whole action, wrapped if need be, never cut to "Livraison ann…".
                  h="auto"
                  styles={{
                    root: { textTransform: 'none', maxWidth: '100%' },
                    label: { whiteSpace: 'normal', overflow: 'visible' },
                  }}
                >
                  {t(`actions.${e.action}`, { defaultValue: e.action })}
                </Badge>
              ),
            },
            {
              key: 'record',
              header: t('record'),
              // The invoice's number where the line keeps it (issue 22 item 15), else the record's id.
              render: (e) => {
                const label = recordLabel(e);
                const entity = t(`entities.${e.entity}`, { defaultValue: e.entity });
                return label === null ? entity : `${entity} ${label}`;
              },
            },
            { key: 'changes', header: t('changes'), render: (e) => <Changes entry={e} timeZone={shop.timeZone} /> },
          ]}
        />
      )}
    </RequireShop>
  );
}
