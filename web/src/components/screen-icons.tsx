import {
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCashRegister,
  IconCategory,
  IconChartBar,
  IconFileInvoice,
  IconHome,
  IconPackage,
  IconTruck,
  IconUsers,
  IconUserShield,
  IconCreditCard,
  IconShieldLock,
  IconUsersGroup,
  IconUserPlus,
  IconHistory,
  IconLockDollar,
  IconScaleOutline,
  IconReceiptRefund,
  IconShieldCheck,
  type Icon,
} from '@tabler/icons-react';

/** Menu icons by screen path; screens not listed get a generic one. */
const ICONS: Record<string, Icon> = {
  accueil: IconHome,
  boutique: IconBuildingStore,
  depot: IconBuildingWarehouse,
  facture: IconFileInvoice,
  'facture-non-solde': IconCashRegister,
  'facture-caissier': IconCashRegister,
  'facture-livraison': IconTruck,
  livraison: IconTruck,
  articles: IconPackage,
  categorie: IconCategory,
  raport: IconChartBar,
  'utilisateur-boutique': IconUsers,
  'utilisateur-directeur': IconUserShield,
  'utilisateur-activatedirecteur': IconCreditCard,
  'utilisateur-admin': IconShieldLock,
  'depot-user': IconUsersGroup,
  'canaux-clients': IconUserPlus,
  'cloture-caisse': IconLockDollar,
  'journal-audit': IconHistory,
  ecarts: IconScaleOutline,
  avoirs: IconReceiptRefund,
  'controle-documents': IconShieldCheck,
};

export function screenIcon(path: string): Icon {
  return ICONS[path] ?? IconPackage;
}
