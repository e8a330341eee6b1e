import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromResponse, fieldErrorsFromDetails, isRetryable } from './api-error';

describe('apiErrorFromResponse', () => {
  it('keeps the server code, message and details', () => {
    const error = apiErrorFromResponse(
      409,
      { code: 'LAST_SHOP', message: 'Vous ne pouvez pas supprimer votre seule boutique.', requestId: 'r1' },
      'fallback',
    );
    expect(error.code).toBe('LAST_SHOP');
    expect(error.status).toBe(409);
    expect(error.message).toBe('Vous ne pouvez pas supprimer votre seule boutique.');
    expect(error.requestId).toBe('r1');
  });

  it('turns an unknown body into INTERNAL with the fallback message', () => {
    const error = apiErrorFromResponse(502, '<html>Bad gateway</html>', 'Un problème est survenu');
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('Un problème est survenu');
  });
});

describe('isRetryable', () => {
  it('retries network failures and 5xx, not answered refusals', () => {
    expect(isRetryable(new ApiError({ code: 'NETWORK', status: 0, message: '' }))).toBe(true);
    expect(isRetryable(new ApiError({ code: 'INTERNAL', status: 500, message: '' }))).toBe(true);
    expect(isRetryable(new ApiError({ code: 'VALIDATION_FAILED', status: 400, message: '' }))).toBe(false);
    expect(isRetryable(new Error('x'))).toBe(false);
  });
});

describe('fieldErrorsFromDetails', () => {
  it('maps body fields to form fields', () => {
    const details = [
      { field: 'body.nom', message: 'Ce champ est obligatoire.' },
      { field: 'body.nom', message: 'second' },
      { field: 'body.username' },
      { nope: true },
    ];
    expect(fieldErrorsFromDetails(details, 'Ce nom existe déjà')).toEqual({
      nom: 'Ce champ est obligatoire.',
      username: 'Ce nom existe déjà',
    });
  });

  it('ignores details that are not a field list', () => {
    expect(fieldErrorsFromDetails({ limit: 1 }, 'x')).toEqual({});
    expect(fieldErrorsFromDetails(undefined, 'x')).toEqual({});
  });
});
