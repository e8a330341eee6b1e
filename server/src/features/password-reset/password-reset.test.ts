import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ROLE } from '@app/common/roles';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../test/app.js';
import { createUser, signIn, TEST_PASSWORD } from '../../test/factories.js';

type Received = { to: string[]; raw: string };

/** A real SMTP server on a random port: no TLS, no authentication, every mail kept. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The reset link of a mail (quoted-printable soft breaks and `=3D` undone). */
function linkIn(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const match = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(body);
  if (!match) throw new Error(`no reset link in mail:\n${raw}`);
  return match[0];
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-reset-'));
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir, publicUrl: 'https://shop.example.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const forget = (app: TestApp['app'], payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/auth/forget_password', payload, headers });
const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/reset_password', payload });

describe('forgot and reset password over SMTP', () => {
  it('mails a single-use link in the chosen language; the reset ends the sessions and the old password', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    const oldSession = await signIn(t.app, user);
    const email = `${user.username}@example.test`;

    const response = await forget(t.app, { email: email.toUpperCase(), langue: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toContain('Subject: Reset your password');
    const link = new URL(linkIn(mail.raw));
    expect(`${link.origin}${link.pathname}`).toBe('https://shop.example.test/en/reset-password');
    const token = link.searchParams.get('token')!;

    // Only the token's hash is stored, valid for one hour.
    const [stored] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored!.tokenHash).not.toBe(token);
    expect(new Date(stored!.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(new Date(stored!.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const done = await reset({ token, password: 'NewSecret9', confirmation: 'NewSecret9' });
    expect(done.statusCode).toBe(200);

    expect(await signIn(t.app, { username: user.username, password: 'NewSecret9' })).toBeTruthy();
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect((await as(t.app, oldSession)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const again = await reset({ token, password: 'Another9', confirmation: 'Another9' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
    expect(await signIn(t.app, { username: user.username, password: 'NewSecret9' })).toBeTruthy();
  });

  it('writes the mail in French by default', async () => {
    const user = await createUser(t.db, { roles: [ROLE.director] });
    expect((await forget(t.app, { email: `${user.username}@example.test` })).statusCode).toBe(200);
    const mail = smtp.received.at(-1)!;
    expect(linkIn(mail.raw)).toContain('https://shop.example.test/fr/reset-password?token=');
    expect(mail.raw).toContain('Bonjour');
  });

  it('answers 404 EMAIL_UNKNOWN with the seed message for an unknown e-mail, and 400 for a blank one', async () => {
    const before = smtp.received.length;
    const en = await forget(t.app, { email: 'nobody@example.test', langue: 'en' }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({ code: 'EMAIL_UNKNOWN', message: 'Your email does not exist' });
    const fr = await forget(t.app, { email: 'nobody@example.test' });
    expect(fr.json().message).toBe("Votre e-mail n'existe pas");
    const blank = await forget(t.app, { email: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ field: 'body.email', message: "L'adresse e-mail est obligatoire." }]);
    expect(smtp.received.length).toBe(before);
  });

  it('refuses an expired token, a made-up one, and a weak or mismatched password', async () => {
    const user = await createUser(t.db, { roles: [ROLE.cashier] });
    await forget(t.app, { email: `${user.username}@example.test`, langue: 'fr' });
    const token = new URL(linkIn(smtp.received.at(-1)!.raw)).searchParams.get('token')!;

    const weak = await reset({ token, password: 'weak', confirmation: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].field).toBe('body.password');
    const mismatch = await reset({ token, password: 'NewSecret9', confirmation: 'NewSecret8' });
    expect(mismatch.json().details).toEqual([
      { field: 'body.confirmation', message: 'Les deux mots de passe doivent être identiques.' },
    ]);

    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const expired = await reset({ token, password: 'NewSecret9', confirmation: 'NewSecret9' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect((await reset({ token: 'made-up', password: 'NewSecret9', confirmation: 'NewSecret9' })).json().code).toBe(
      'RESET_TOKEN_INVALID',
    );
    expect(await signIn(t.app, user)).toBeTruthy();
  });

  it('keeps only the latest link valid', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    await forget(t.app, { email: `${user.username}@example.test` });
    const first = new URL(linkIn(smtp.received.at(-1)!.raw)).searchParams.get('token')!;
    await forget(t.app, { email: `${user.username}@example.test` });
    const second = new URL(linkIn(smtp.received.at(-1)!.raw)).searchParams.get('token')!;
    expect((await reset({ token: first, password: 'NewSecret9', confirmation: 'NewSecret9' })).statusCode).toBe(400);
    expect((await reset({ token: second, password: 'NewSecret9', confirmation: 'NewSecret9' })).statusCode).toBe(200);
  });

  it('refuses the link of a deleted account', async () => {
    const user = await createUser(t.db, { roles: [ROLE.seller] });
    await forget(t.app, { email: `${user.username}@example.test` });
    const token = new URL(linkIn(smtp.received.at(-1)!.raw)).searchParams.get('token')!;
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await reset({ token, password: 'NewSecret9', confirmation: 'NewSecret9' })).json().code).toBe('RESET_TOKEN_INVALID');
    expect((await forget(t.app, { email: `${user.username}@example.test` })).statusCode).toBe(404);
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail to the outbox folder, with a working link', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-outbox-'));
    const local = await createTestApp({ smtpUrl: undefined, dataDir: outboxDir });
    try {
      const user = await createUser(local.db, { roles: [ROLE.seller] });
      const response = await forget(local.app, { email: `${user.username}@example.test`, langue: 'fr' });
      expect(response.statusCode).toBe(200);
      const outbox = path.join(outboxDir, 'outbox');
      const written = (await fs.readdir(outbox)).filter((f) => f.endsWith('.eml'));
      expect(written).toHaveLength(1);
      const raw = await fs.readFile(path.join(outbox, written[0]!), 'utf8');
      expect(raw).toContain(`To: ${user.username}@example.test`);
      const link = new URL(linkIn(raw));
      expect(link.pathname).toBe('/fr/reset-password');
      const done = await local.app.inject({
        method: 'POST',
        url: '/api/auth/reset_password',
        payload: { token: link.searchParams.get('token'), password: 'NewSecret9', confirmation: 'NewSecret9' },
      });
      expect(done.statusCode).toBe(200);
      expect(await signIn(local.app, { username: user.username, password: 'NewSecret9' })).toBeTruthy();
    } finally {
      await local.close();
      await fs.rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('is rate-limited per address', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'boutiko-limit-'));
    const limited = await createTestApp({ signinRateLimit: 2, dataDir: dir });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await forget(limited.app, { email: 'nobody@example.test' })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
