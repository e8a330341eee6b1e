import type {
  ChannelShop,
  ClientChannel,
  ClientRegistrationInput,
  ExistsAnswer,
  RegisteredClient,
} from '@app/common/contracts/clients';
import { eq } from 'drizzle-orm';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import type { Db } from '../../db/client.js';
import { clients, shops } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { channelShopId, emailRegistered, phoneRegistered } from './clients.queries.js';
import { internationalPhone, phoneVariants } from './phone.js';

async function requireChannelShop(db: Db, channel: ClientChannel, options: { lock?: boolean } = {}): Promise<number> {
  const shopId = await channelShopId(db, channel, options);
  if (shopId === undefined) throw new AppError('CHANNEL_NOT_CONFIGURED', { details: { channel } });
  return shopId;
}

/**
 * Public self-registration (DECISIONS §9): the client joins the shop configured for the
 * channel, with the phone stored in international form; an e-mail or phone already
 * registered in that shop is refused.
 */
export async function registerClient(db: Db, channel: ClientChannel, body: ClientRegistrationInput): Promise<RegisteredClient> {
  const countryId = body.country.id;
  const telephone = internationalPhone(body.telephone, countryId);
  return db.transaction(async (tx) => {
    const shopId = await requireChannelShop(tx, channel, { lock: true });
    if (await emailRegistered(tx, shopId, body.email)) throw new AppError('EMAIL_TAKEN', { details: [{ field: 'body.email' }] });
    if (await phoneRegistered(tx, shopId, phoneVariants(telephone))) {
      throw new AppError('PHONE_TAKEN', { details: [{ field: 'body.telephone' }] });
    }
    const [client] = await tx
      .insert(clients)
      .values({
        shopId,
        nom: body.nom,
        prenom: body.prenom,
        email: body.email,
        telephone,
        adresse: body.adresse,
        countryCode: countryId,
        channel,
      })
      .returning();
    if (!client) throw new Error('client insert returned nothing');
    return {
      idClient: client.id,
      nom: client.nom,
      prenom: client.prenom,
      email: client.email,
      telephone: client.telephone,
      adresse: client.adresse,
      country: { id: countryId, indicatif: `+${getCountryCallingCode(countryId as CountryCode)}` },
    };
  });
}

export async function clientEmailExists(db: Db, channel: ClientChannel, email: string): Promise<ExistsAnswer> {
  const shopId = await requireChannelShop(db, channel);
  return (await emailRegistered(db, shopId, email)) ? 1 : 0;
}

/** `tel` as typed (international, or national with `?country=`). */
export async function clientPhoneExists(db: Db, channel: ClientChannel, tel: string, countryId?: string): Promise<ExistsAnswer> {
  const shopId = await requireChannelShop(db, channel);
  return (await phoneRegistered(db, shopId, phoneVariants(tel, countryId?.toUpperCase()))) ? 1 : 0;
}

/** The name, address and phone of the shop a public channel feeds (its sign-up page's header). */
export async function channelShopCard(db: Db, channel: ClientChannel): Promise<ChannelShop> {
  const shopId = await requireChannelShop(db, channel);
  const [shop] = await db
    .select({ nom: shops.nom, adresse: shops.adresse, telephone: shops.telephone })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop) throw new AppError('CHANNEL_NOT_CONFIGURED', { details: { channel } });
  return shop;
}
