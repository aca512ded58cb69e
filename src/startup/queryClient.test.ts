import { HttpError } from 'react-admin';
import { describe, expect, test } from 'vitest';
import { createQueryClient, retryUnlessAnswered } from './queryClient';

describe('query retries', () => {
  test('an answer (4xx) is not retried', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(retryUnlessAnswered(0, new HttpError('no', status))).toBe(false);
  });

  test('no response or a server failure is retried twice', () => {
    for (const error of [new HttpError('down', 0), new HttpError('oops', 502), new Error('offline')]) {
      expect(retryUnlessAnswered(0, error)).toBe(true);
      expect(retryUnlessAnswered(1, error)).toBe(true);
      expect(retryUnlessAnswered(2, error)).toBe(false);
    }
  });

  test('is the default of the app’s query client', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['bad-sort'],
        queryFn: () => {
          calls += 1;
          throw new HttpError('Sort by Name, Email or Role.', 400);
        },
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(calls).toBe(1);
  });
});
