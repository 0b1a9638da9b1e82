import { expect, it } from 'vitest';
import { throwawayPostgres } from './throwaway-postgres.js';

it('fails with the reason when no PostgreSQL server is named, instead of guessing one', async () => {
  await expect(throwawayPostgres('').create()).rejects.toThrow(
    /QUARRY_TEST_POSTGRES_URL is not set/,
  );
});
