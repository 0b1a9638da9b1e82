/**
 * @module The storage contract's frame: `body` runs once per backend (contractBackends), over a
 * migrated, empty store that `store()` returns while the suite runs.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { storeOver } from '../create-store.js';
import type { Store } from '../create-store.js';
import { migrate } from '../migrator.js';
import { contractBackends } from './test-databases.js';
import type { TestDatabase } from './test-databases.js';

export function describeOnEveryBackend(
  title: string,
  body: (store: () => Store, backend: TestDatabase) => void,
): void {
  describe.each(contractBackends())(`${title} on $name`, (backend) => {
    let store: Store | undefined;
    beforeAll(async () => {
      const client = await backend.open();
      await migrate(client);
      store = storeOver(client);
    });
    afterAll(async () => {
      await store?.close();
      await backend.dispose();
    });
    body(() => {
      if (store === undefined) throw new Error('the store opens in beforeAll');
      return store;
    }, backend);
  });
}
