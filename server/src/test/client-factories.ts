import { CLIENT_CHANNELS, clientRegistrationBody, type ClientChannel } from '@app/common/contracts/clients';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientChannels, clients } from '../db/schema/index.js';
import { registerClient } from '../features/clients/clients.service.js';

/** Clients of a shop and the public channels that feed shops, for API tests (see `factories.ts`). */

let sequence = 0;

/**
 * Points a public client self-registration channel at a shop. No screen does it yet (issue 6
 * asks for one): written directly, as the demo seed does.
 */
export async function createClientChannel(db: Db, channel: string, shopId: number) {
  await db
    .insert(clientChannels)
    .values({ channel, shopId })
    .onConflictDoUpdate({ target: clientChannels.channel, set: { shopId } });
}

type ClientOverrides = { nom?: string; prenom?: string; email?: string; telephone?: string; adresse?: string };

/**
 * A client of the shop, registered through the public channel that feeds it (country CI). In a
 * shop no channel feeds, the row staff would add is written directly, until clients have a
 * director's service.
 */
export async function createClient(db: Db, shopId: number, overrides: ClientOverrides = {}) {
  const fields = {
    nom: 'Client',
    prenom: 'Test',
    email: `c${Date.now().toString(36)}${(sequence++).toString(36)}@example.test`,
    telephone: `+22507${String(sequence).padStart(8, '0')}`,
    adresse: 'Abidjan',
    ...overrides,
  };
  const [feed] = await db
    .select({ channel: clientChannels.channel })
    .from(clientChannels)
    .where(eq(clientChannels.shopId, shopId));
  const channel = CLIENT_CHANNELS.find((name) => name === feed?.channel) as ClientChannel | undefined;
  if (!channel) {
    const [row] = await db
      .insert(clients)
      .values({ shopId, ...fields })
      .returning();
    return row!;
  }
  const registered = await registerClient(db, channel, clientRegistrationBody.parse({ ...fields, country: { id: 'CI' } }));
  const [client] = await db.select().from(clients).where(eq(clients.id, registered.idClient));
  return client!;
}
