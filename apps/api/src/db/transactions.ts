import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.js';

const openTransaction = new AsyncLocalStorage<Db>();

/**
 * The handle every repository is built on (ADR 0010). Outside a transaction it is the database
 * itself; inside `db.transaction(async () => …)` every query made through it — by any repository,
 * however deep — runs in that transaction, so a service owns its unit of work without threading
 * a `tx` argument through every call. A nested `transaction` becomes a savepoint.
 */
export function withTransactions(root: Db): Db {
  const current = () => openTransaction.getStore() ?? root;
  return new Proxy(root, {
    get(_target, property) {
      const handle = current();
      if (property === 'transaction') {
        const transaction: Db['transaction'] = (work, config) =>
          handle.transaction((tx) => openTransaction.run(tx as Db, () => work(tx)), config);
        return transaction;
      }
      const value = Reflect.get(handle, property, handle);
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  });
}

/** Whether the current async context runs inside a `db.transaction`. */
export const inTransaction = () => openTransaction.getStore() !== undefined;
