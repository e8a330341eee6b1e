import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';

/** A database error as node-postgres raises it, wrapped by Drizzle as a failed query. */
function databaseError(code: string, message: string): Error {
  return Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error(message), { code }) });
}

async function answerTo(error: Error, language: string) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/boom', headers: { 'accept-language': language } });
  await app.close();
  return response;
}

describe('the error handler and database errors', () => {
  it('answers a deadlock or a serialization failure with 503 BUSY_RETRY, Retry-After and a translated message', async () => {
    for (const [code, message] of [
      ['40P01', 'deadlock detected'],
      ['40001', 'could not serialize access due to concurrent update'],
    ]) {
      const fr = await answerTo(databaseError(code!, message!), 'fr');
      expect(fr.statusCode).toBe(503);
      expect(fr.headers['retry-after']).toBe('1');
      expect(fr.json()).toMatchObject({ code: 'BUSY_RETRY', message: expect.stringContaining("rien n'a été enregistré") });
      expect(fr.body).not.toContain(message);
      const en = await answerTo(databaseError(code!, message!), 'en');
      expect(en.json()).toMatchObject({ code: 'BUSY_RETRY', message: 'The shop is busy and nothing was saved. Please try again.' });
    }
  });

  it('answers a unique violation with 409 and any other database error with a generic 500', async () => {
    expect((await answerTo(databaseError('23505', 'duplicate key'), 'en')).json()).toMatchObject({ code: 'CONFLICT' });
    const other = await answerTo(databaseError('42P01', 'relation "x" does not exist'), 'en');
    expect(other.statusCode).toBe(500);
    expect(other.json().code).toBe('INTERNAL');
    expect(other.body).not.toContain('relation');
  });
});
