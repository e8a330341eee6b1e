import type { LegalIdentity, LegalIdentityBody } from '@app/common/contracts/legal';
import { bpToPercent, countryOfTimeZone, percentToBp, taxIdLabel, vatPresetBp } from '@app/common/vat';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { files, shopLegalIdentities, shops } from '../../db/schema/index.js';
import type { ShopContext } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { imageFileRef } from '../documents/documents.service.js';
import { storeImage } from '../files/uploads.service.js';

/**
 * A shop's legal identity (issue 21, DECISIONS §14). A shop that never saved one gets defaults:
 * its country guessed from its time zone, that country's preset VAT rates, not subject to VAT.
 */

/** What the sale path and the documents need of a shop's identity (rates in basis points). */
export type ShopLegal = {
  name: string;
  address: string;
  phone: string;
  companyName: string | null;
  legalForm: string | null;
  /** Absent from the documents issued before they were kept. */
  shareCapitalFcfa?: number | null;
  headOffice?: string | null;
  rccm: string | null;
  taxId: string | null;
  taxIdLabel: string;
  country: string;
  vatSubject: boolean;
  pricesIncludeVat: boolean;
  vatRatesBp: number[];
  footer: string | null;
  logoFileId: number | null;
};

type ShopRow = typeof shops.$inferSelect;
type IdentityRow = typeof shopLegalIdentities.$inferSelect;

export function legalOf(shop: Pick<ShopRow, 'nom' | 'adresse' | 'telephone' | 'timeZone'>, row: IdentityRow | null | undefined): ShopLegal {
  const country = row?.country ?? countryOfTimeZone(shop.timeZone);
  return {
    name: shop.nom,
    address: shop.adresse,
    phone: shop.telephone,
    companyName: row?.companyName ?? null,
    legalForm: row?.legalForm ?? null,
    shareCapitalFcfa: row?.shareCapitalFcfa ?? null,
    headOffice: row?.headOffice ?? null,
    rccm: row?.rccm ?? null,
    taxId: row?.taxId ?? null,
    taxIdLabel: taxIdLabel(country),
    country,
    vatSubject: row?.vatSubject ?? false,
    pricesIncludeVat: row?.pricesIncludeVat ?? true,
    vatRatesBp: row?.vatRatesBp ?? vatPresetBp(country),
    footer: row?.footer ?? null,
    logoFileId: row?.logoFileId ?? null,
  };
}

/** The shop's legal identity (defaults when never saved); NOT_FOUND for a deleted shop. */
export async function shopLegal(db: Db, shopId: number): Promise<ShopLegal & { logoType: string | null }> {
  const [found] = await db
    .select({ shop: shops, identity: shopLegalIdentities, logoType: files.contentType })
    .from(shops)
    .leftJoin(shopLegalIdentities, eq(shopLegalIdentities.shopId, shops.id))
    .leftJoin(files, eq(files.id, shopLegalIdentities.logoFileId))
    .where(sql`${shops.id} = ${shopId} and ${shops.deletedAt} is null`);
  if (!found) throw new AppError('NOT_FOUND');
  return { ...legalOf(found.shop, found.identity), logoType: found.logoType };
}

function serialize(shopId: number, legal: ShopLegal & { logoType: string | null }): LegalIdentity {
  return {
    idBoutique: shopId,
    raisonSociale: legal.companyName,
    formeJuridique: legal.legalForm,
    capitalSocial: legal.shareCapitalFcfa ?? null,
    siegeSocial: legal.headOffice ?? null,
    rccm: legal.rccm,
    idFiscal: legal.taxId,
    libelleIdFiscal: legal.taxIdLabel,
    pays: legal.country,
    assujettiTva: legal.vatSubject,
    prixTtc: legal.pricesIncludeVat,
    tauxTva: legal.vatRatesBp.map(bpToPercent),
    piedDePage: legal.footer,
    logo: imageFileRef(legal.logoFileId, legal.logoType ?? undefined),
    nom: legal.name,
    adresse: legal.address,
    telephone: legal.phone,
  };
}

export async function getLegalIdentity(db: Db, ctx: ShopContext): Promise<LegalIdentity> {
  return serialize(ctx.shopId, await shopLegal(db, ctx.shopId));
}

/**
 * The shop's new rates must hold every rate its articles carry: an article left with a rate the
 * shop no longer has would be sold at it (« TVA 9 % » on a Cameroon shop's invoice). The director
 * gives those articles another rate first (409 VAT_RATE_IN_USE names the rates and articles).
 * Checked whenever the shop is subject to VAT, so also when it becomes subject again.
 */
async function assertRatesKeepArticles(tx: Db, shopId: number, ratesBp: number[]): Promise<void> {
  const orphans = rowsOf<{ designation: string; vat_rate_bp: number }>(
    await tx.execute(sql`
      select designation, vat_rate_bp from articles
      where shop_id = ${shopId} and deleted_at is null and not vat_default and vat_rate_bp is not null
        and vat_rate_bp <> all(${`{${ratesBp.join(',')}}`}::int[])
      order by sort_key, id limit 4`),
  );
  if (orphans.length === 0) return;
  const names = orphans.slice(0, 3).map((a) => a.designation);
  throw new AppError('VAT_RATE_IN_USE', {
    details: [{ field: 'body.tauxTva' }],
    params: {
      taux: [...new Set(orphans.map((a) => `${bpToPercent(Number(a.vat_rate_bp))} %`))].join(', '),
      articles: orphans.length > 3 ? `${names.join(', ')}…` : names.join(', '),
    },
  });
}

/** PUT: the whole identity; rates omitted take the country's preset. */
export async function putLegalIdentity(db: Db, ctx: ShopContext, body: LegalIdentityBody): Promise<LegalIdentity> {
  const values = {
    companyName: body.raisonSociale,
    legalForm: body.formeJuridique,
    shareCapitalFcfa: body.capitalSocial,
    headOffice: body.siegeSocial,
    rccm: body.rccm,
    taxId: body.idFiscal,
    country: body.pays,
    vatSubject: body.assujettiTva,
    pricesIncludeVat: body.prixTtc,
    vatRatesBp: body.tauxTva ? body.tauxTva.map((rate) => percentToBp(rate)!) : vatPresetBp(body.pays),
    footer: body.piedDePage,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await shopLegal(tx, ctx.shopId);
    // A shop not subject to VAT sells without it: its articles' rates wait for the day it is.
    if (values.vatSubject) await assertRatesKeepArticles(tx, ctx.shopId, values.vatRatesBp);
    await tx
      .insert(shopLegalIdentities)
      .values({ shopId: ctx.shopId, ...values })
      .onConflictDoUpdate({ target: shopLegalIdentities.shopId, set: values });
  });
  return getLegalIdentity(db, ctx);
}

/** PUT .../identite/logo: an image checked by content and encoded again (features/files), served to the shop's members. */
export async function setLegalLogo(db: Db, ctx: ShopContext, upload: unknown): Promise<LegalIdentity> {
  await db.transaction(async (tx) => {
    const legal = await shopLegal(tx, ctx.shopId);
    const logoFileId = await storeImage(tx, upload, { userId: ctx.userId, shopId: ctx.shopId });
    await tx
      .insert(shopLegalIdentities)
      .values({ shopId: ctx.shopId, country: legal.country, vatRatesBp: legal.vatRatesBp, logoFileId })
      .onConflictDoUpdate({ target: shopLegalIdentities.shopId, set: { logoFileId, updatedAt: new Date() } });
  });
  return getLegalIdentity(db, ctx);
}
