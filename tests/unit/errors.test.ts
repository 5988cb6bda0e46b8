import { describe, expect, test } from 'vitest';
import { ApiError, DEFAULT_ERROR_TEXT, apiErrorFromResponse, errorText, toApiError } from '../../src/api/errors';

describe('SPEC §8 error text', () => {
  test.each([
    ['an errors map: every message joined by newlines', { message: 'x', errors: { email: ['Bad email.', 'Taken.'], name: ['Required.'] } }, 'Bad email.\nTaken.\nRequired.'],
    ['a single string per field is accepted', { errors: { email: 'Bad email.' } }, 'Bad email.'],
    ['no errors map: SPEC’s sentence, whatever the server’s message', { message: 'This action is unauthorized.' }, DEFAULT_ERROR_TEXT],
    ['an empty errors map and no message', { errors: {} }, DEFAULT_ERROR_TEXT],
    ['no body at all', undefined, DEFAULT_ERROR_TEXT],
    ['an HTML error page', '<html>502</html>', DEFAULT_ERROR_TEXT],
    ['non-string messages are ignored', { errors: { a: [1, null] } }, DEFAULT_ERROR_TEXT],
  ])('%s', (_label, body, expected) => {
    expect(errorText(body)).toBe(expected);
  });

  test('ApiError keeps status, field errors and the server message', () => {
    const error = apiErrorFromResponse(422, { message: 'The name field is required.', errors: { name: ['The name field is required.'] } }, 'New Record Failed');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ summary: 'New Record Failed', status: 422, detail: 'The name field is required.', serverMessage: 'The name field is required.' });
    expect(error.fieldErrors).toEqual({ name: ['The name field is required.'] });
  });

  test('without an errors map the server’s message is the stored detail, beside SPEC’s sentence', () => {
    const error = apiErrorFromResponse(404, { message: 'No query results for model [App\\Models\\Role] 9999' });
    expect(error).toMatchObject({ status: 404, detail: DEFAULT_ERROR_TEXT, serverDetail: 'No query results for model [App\\Models\\Role] 9999' });
  });

  test('anything thrown becomes an ApiError with the summary and the generic text', () => {
    expect(toApiError(new TypeError('Failed to fetch'), 'Error Loading Records')).toMatchObject({ summary: 'Error Loading Records', status: 0, detail: DEFAULT_ERROR_TEXT });
  });
});
