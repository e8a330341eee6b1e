import { execFileSync } from 'node:child_process';
import { ROLE } from '@app/common/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createDirector, createUser, signIn } from '../../test/factories.js';
import { createArticle } from '../../test/trading-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('shop clients', () => {
  it('creates, lists with what each client owes, searches, edits, prints, shows a statement and deletes', async () => {
    const world = await createDirector(t.db);
    const shop = world.shops[0]!;
    const director = as(t.app, await signIn(t.app, world.director));
    const sellerUser = await createUser(t.db, { roles: [ROLE.seller], shopIds: [shop.id], accountId: world.director.id });
    const seller = as(t.app, await signIn(t.app, sellerUser));
    const body = { nom: 'Kouassi', prenom: 'Aya', telephone: '07 07 07 07 07', adresse: 'Yopougon', boutique: shop.id };
    const created = await seller({ method: 'POST', url: '/api/clients', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json();
    expect(client).toMatchObject({ nom: 'Kouassi', telephone: '0707070707', solde: 0 });

    const article = await createArticle(t.db, world.depots[0]!, { prix: 5000, quantite: 5 });
    // A sale without client first, so the client's invoice id is not the client's id: the
    // balance must be matched on the client, not on an id that happens to be equal.
    const counter = { boutiques: shop.id, articles: [{ articles: article.id, nombre: 1 }], depot: world.depots[0]!.id, remise: 0 };
    expect((await seller({ method: 'POST', url: '/api/factures_generate', payload: { ...counter, client: 0, typeFactures: 1 } })).statusCode).toBe(201);
    const sale = await seller({
      method: 'POST',
      url: '/api/factures_generate',
      payload: {
        client: client.idClient,
        boutiques: shop.id,
        articles: [{ articles: article.id, nombre: 2 }],
        depot: world.depots[0]!.id,
        remise: 1000,
        typeFactures: 2,
      },
    });
    expect(sale.json().client).toEqual({ idClient: client.idClient, nom: 'Kouassi', prenom: 'Aya' });
    const page = (await seller({ method: 'GET', url: `/api/client/page/${shop.id}/1` })).json();
    expect(page.data).toEqual([{ ...client, solde: 9000 }]);
    expect((await seller({ method: 'GET', url: `/api/client/page/${shop.id}/1/zzz` })).json().total).toBe(0);
    expect((await seller({ method: 'GET', url: `/api/client/page/${shop.id}/1/kouassi%20aya` })).json().total).toBe(1);
    expect((await seller({ method: 'GET', url: `/api/clients_boutique/${shop.id}` })).json()).toHaveLength(1);

    const statement = (await seller({ method: 'GET', url: `/api/client/releve/${client.idClient}` })).json();
    expect(statement).toMatchObject({
      totalFacture: 9000,
      totalPaye: 0,
      solde: 9000,
      factures: [{ montantFacture: 9000 }],
      paiements: [],
    });

    const edited = await seller({
      method: 'PUT',
      url: `/api/clients/${client.idClient}`,
      payload: { ...body, adresse: 'Cocody' },
    });
    expect(edited.json()).toMatchObject({ adresse: 'Cocody', solde: 9000 });

    const print = await director({ method: 'GET', url: `/api/client/boutique/imprimer/${shop.id}` });
    expect(print.statusCode).toBe(200);
    expect(print.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await seller({ method: 'GET', url: `/api/client/boutique/imprimer/${shop.id}` })).statusCode).toBe(403);

    const bad = await seller({
      method: 'POST',
      url: '/api/clients',
      payload: { ...body, nom: '', telephone: 'abc' },
      headers: { 'accept-language': 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Numéro de téléphone non valide');

    const other = await createDirector(t.db);
    const outsider = as(t.app, await signIn(t.app, other.director));
    expect(
      (
        await outsider({
          method: 'PUT',
          url: `/api/clients/${client.idClient}`,
          payload: { ...body, boutique: other.shops[0]!.id },
        })
      ).statusCode,
    ).toBe(404);
    expect((await outsider({ method: 'DELETE', url: `/api/clients/${client.idClient}` })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: `/api/client/releve/${client.idClient}` })).statusCode).toBe(404);
    expect((await outsider({ method: 'GET', url: `/api/client/page/${shop.id}/1` })).statusCode).toBe(403);

    expect((await seller({ method: 'DELETE', url: `/api/clients/${client.idClient}` })).statusCode).toBe(200);
    expect((await seller({ method: 'GET', url: `/api/client/page/${shop.id}/1` })).json().total).toBe(0);
  });

  it("keeps a client's tax id (idFiscal): optional, checked, kept by a PUT that leaves it out, printed on their issued invoice; another shop's client is 404", async () => {
    const world = await createDirector(t.db);
    const shop = world.shops[0]!;
    const director = as(t.app, await signIn(t.app, world.director));
    const body = { nom: 'Diop', prenom: 'Awa', telephone: '77 123 45 67', adresse: 'Dakar', boutique: shop.id };
    const plain = await director({ method: 'POST', url: '/api/clients', payload: body });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().idFiscal).toBeNull();
    const created = await director({ method: 'POST', url: '/api/clients', payload: { ...body, idFiscal: '  0098765 2V2 ' } });
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json();
    expect(client.idFiscal).toBe('0098765 2V2');
    // A PUT of seed 001's shape (no idFiscal) keeps it; blank clears it.
    const kept = await director({ method: 'PUT', url: `/api/clients/${client.idClient}`, payload: { ...body, adresse: 'Plateau' } });
    expect(kept.json()).toMatchObject({ adresse: 'Plateau', idFiscal: '0098765 2V2' });
    for (const [lang, message] of [['fr', 'Lettres, chiffres, espaces et - / . seulement.'], ['en', 'Letters, digits, spaces and - / . only.']] as const) {
      const bad = await director({ method: 'POST', url: '/api/clients', payload: { ...body, idFiscal: 'NINEA=<12>' }, headers: { 'accept-language': lang } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
      expect(bad.body).toContain(message);
    }
    const tooLong = await director({ method: 'PUT', url: `/api/clients/${client.idClient}`, payload: { ...body, idFiscal: '1'.repeat(41) } });
    expect(tooLong.statusCode).toBe(400);
    // The invoice issued to them shows it, in French and in English (a shop in Abidjan: the NCC).
    const article = await createArticle(t.db, world.depots[0]!, { prix: 5000, quantite: 5 });
    const sale = await director({
      method: 'POST',
      url: '/api/factures_generate',
      payload: { client: client.idClient, boutiques: shop.id, articles: [{ articles: article.id, nombre: 1 }], depot: world.depots[0]!.id, remise: 0, typeFactures: 2 },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    for (const [lang, line] of [['fr', 'NCC du client : 0098765 2V2'], ['en', "Customer's NCC: 0098765 2V2"]] as const) {
      const pdf = await director({ method: 'GET', url: `/api/downloadFile/facture-${sale.json().idFacture}.pdf?lang=${lang}` });
      expect(pdf.statusCode).toBe(200);
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload, encoding: 'utf8' });
      expect(text, text).toContain(line);
    }
    // Cleared afterwards: the issued invoice keeps what it said.
    const cleared = await director({ method: 'PUT', url: `/api/clients/${client.idClient}`, payload: { ...body, idFiscal: '' } });
    expect(cleared.json().idFiscal).toBeNull();
    const again = await director({ method: 'GET', url: `/api/downloadFile/facture-${sale.json().idFacture}.pdf?lang=fr` });
    expect(execFileSync('pdftotext', ['-layout', '-', '-'], { input: again.rawPayload, encoding: 'utf8' })).toContain('NCC du client : 0098765 2V2');

    const other = await createDirector(t.db);
    const outsider = as(t.app, await signIn(t.app, other.director));
    const foreign = await outsider({ method: 'PUT', url: `/api/clients/${client.idClient}`, payload: { ...body, boutique: other.shops[0]!.id, idFiscal: 'X1' } });
    expect(foreign.statusCode).toBe(404);
    expect((await director({ method: 'GET', url: `/api/client/page/${shop.id}/1/diop` })).json().data.map((c: { idFiscal: string | null }) => c.idFiscal).sort()).toEqual([null, null]);
  });
});
