import {
  PGlite,
  type PGliteOptions,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** Prepared statements kept at once; the least recently used one is closed beyond this. */
const MAX_STATEMENTS = 500;

interface Statement {
  name: string;
  /** The type of each parameter, as the server inferred it: how a value is serialised. */
  types: number[];
}

function concat(messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    all.set(message, offset);
    offset += message.length;
  }
  return all;
}

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * PGlite's `parse.parseResults` for the one statement of a query, except that a column's parser
 * is looked up in the query's own parsers and then in PGlite's: PGlite copies all of its parsers
 * (hundreds, one per array type) into a new object for every query that brings its own, and
 * every Drizzle query does.
 */
function resultOf<T>(
  messages: Message[],
  parsers: PGlite['parsers'],
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers;
  const asArray = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  const value = (text: string | null, type: number) => {
    if (text === null) return null;
    const parser = own?.[type] ?? parsers[type];
    return parser ? parser(text, type) : text;
  };
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as InstanceType<typeof protocol.messages.RowDescriptionMessage>).fields.map(
        ({ name, dataTypeID }) => ({ name, dataTypeID }),
      );
    } else if (message.name === 'dataRow') {
      const values = (message as InstanceType<typeof protocol.messages.DataRowMessage>).fields.map(
        (text, i) => value(text, fields[i]?.dataTypeID ?? 0),
      );
      rows.push(asArray ? values : Object.fromEntries(values.map((v, i) => [fields[i]?.name, v])));
    } else if (message.name === 'commandComplete') {
      const words = (
        message as InstanceType<typeof protocol.messages.CommandCompleteMessage>
      ).text.split(' ');
      const command = words[0] ?? '';
      const count = Number.parseInt(words.at(-1) ?? '', 10);
      const changes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
      return {
        rows: rows as T[],
        fields,
        command,
        affectedRows: changes ? count : 0,
        ...(!Number.isNaN(count) && { rowCount: count }),
      } as Results<T>;
    }
  }
  return { rows: [], fields: [], affectedRows: 0 };
}

/**
 * PGlite whose `query` keeps each SQL text as a named prepared statement, as node-postgres's
 * named statements do on PostgreSQL (ADR 0027). PGlite's own `query` makes six calls into the
 * WebAssembly build per query (parse, describe, bind, describe, execute, sync) and parses and
 * plans the text every time; here a text is parsed once, its parameter types kept, and each
 * query is one call of bind, describe, execute and sync. The results, the errors (with `query`
 * and `params`, as PGlite attaches them) and the locking (a query outside a transaction waits
 * for an open one) are PGlite's. Queries with options this does not handle (blobs, explicit
 * parameter types) take PGlite's own path.
 */
export class PreparedPGlite extends PGlite {
  readonly #statements = new Map<string, Statement>();
  #named = 0;
  #maxStatements = MAX_STATEMENTS;

  /** Like `PGlite.create`: a ready instance. */
  static async open(
    options: PGliteOptions,
    { maxStatements = MAX_STATEMENTS } = {},
  ): Promise<PreparedPGlite> {
    const client = new PreparedPGlite(options);
    client.#maxStatements = maxStatements;
    await client.waitReady;
    return client;
  }

  override async query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#run<T>(text, params ?? [], options, false));
  }

  override transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (options?.blob || options?.paramTypes) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return this.#run<R>(text, params ?? [], options, true);
      };
      return work(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }

  #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      let messages: Awaited<ReturnType<PGlite['execProtocolStream']>>;
      try {
        const statement = await this.#statement(text);
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const type = statement.types[index] ?? 0;
          const serialize = options?.serializers?.[type] ?? this.serializers[type];
          return serialize ? serialize(value) : String(value);
        });
        messages = await this.execProtocolStream(
          concat([
            protocol.serialize.bind({ statement: statement.name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
      } catch (error) {
        if (error instanceof protocol.messages.DatabaseError) {
          Object.assign(error, { query: text, params, queryOptions: options });
        }
        throw error;
      }
      if (!inTransaction) await this.syncToFs();
      return resultOf<T>(messages, this.parsers, options);
    });
  }

  /** The text's statement, prepared on first use; the least recently used beyond the limit closed. */
  async #statement(text: string): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) {
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    this.#named += 1;
    const name = `vahti_${this.#named}`;
    const described = await this.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    this.#statements.set(text, statement);
    if (this.#statements.size > this.#maxStatements) {
      const [oldest, old] = this.#statements.entries().next().value as [string, Statement];
      this.#statements.delete(oldest);
      await this.execProtocolStream(
        concat([
          protocol.serialize.close({ type: 'S', name: old.name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false, throwOnError: false },
      );
    }
    return statement;
  }
}
