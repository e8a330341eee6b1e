import { parse, protocol, TransactionAbortedError, types as pgTypes, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { statementName } from './prepared.js';

type Parser = pgTypes.Parser;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
/** What drizzle's PGlite driver calls on its client: `query`, and `transaction` whose callback gets a `query`. */
export type PgliteClient = Pick<PGlite, 'query' | 'transaction'>;

const { serialize } = protocol;
/** How many statement texts keep their parameter types (unnamed ones: a few per route). */
const MAX_DESCRIBED = 2_000;

/**
 * The statements drizzle sends to PGlite, each in one or two calls into the WebAssembly engine
 * instead of PGlite's six (issue 19, Speed: PGlite at 1 client >= 100 sales/s).
 *
 * PGlite's `query` runs a statement as six separate calls into the engine (Parse, Describe the
 * statement, Bind, Describe the portal, Execute, Sync), each a pass through PostgreSQL's main loop
 * and its ReadyForQuery, and parses and plans the text every time. Here the extended protocol is
 * sent through PGlite's public `execProtocolStream`, batched: a statement's parameter types are
 * learnt once per text (Parse, Describe), then each run is one call (Bind, Describe, Execute,
 * Sync). The statements marked by db/prepared.ts are parsed under a name, as on PostgreSQL
 * (`NamedStatementClient`): PostgreSQL keeps their parse tree and, after a few runs, their plan.
 * BEGIN, COMMIT and ROLLBACK are one simple Query each (no extra Sync). Results are read by PGlite's
 * own `parseResults` with the client's parsers, so drizzle sees what PGlite's `query` returns.
 *
 * Exclusion is PGlite's own: a statement outside a transaction holds PGlite's transaction and
 * query locks (as its `query` does), a transaction holds the transaction lock from BEGIN to its
 * end, and its statements the query lock; PGlite's own `query`, `exec` and dumps queue on the same
 * locks. Prepared statements outlive a rollback, as on a server.
 */
export function pgliteStatements(pg: PGlite): PgliteClient {
  /** Parameter types per statement text, and the name it was parsed under (marked statements). */
  const described = new Map<string, { name: string; types: number[] }>();
  const named = new Set<string>();

  const send = async (message: Uint8Array): Promise<BackendMessage[]> => pg.execProtocolStream(message, { syncToFs: false });

  /** Ends an extended-protocol exchange cut short by an error (PostgreSQL skips messages until Sync). */
  const resync = async () => {
    await pg.execProtocolStream(serialize.sync(), { syncToFs: false, throwOnError: false });
  };

  const describe = async (text: string, options?: QueryOptions) => {
    const known = described.get(text);
    if (known) return known;
    const name = statementName(text, named) ?? '';
    let messages: BackendMessage[];
    try {
      messages = await send(
        concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name })]),
      );
    } catch (error) {
      named.delete(name);
      await resync();
      throw withQuery(error, text, undefined, options);
    }
    const entry = { name, types: parse.parseDescribeStatementResults(messages) };
    // Named texts stay (at most MAX_NAMED, prepared.ts: their name exists in PostgreSQL); the
    // oldest unnamed one makes room.
    if (described.size >= MAX_DESCRIBED) {
      for (const [oldest, { name: oldName }] of described) {
        if (oldName) continue;
        described.delete(oldest);
        break;
      }
    }
    described.set(text, entry);
    return entry;
  };

  /** One statement; the caller holds PGlite's query lock. */
  const run = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const { name, types } = await describe(text, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = types[i]!;
      const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const parts = [
      // An unnamed statement is parsed again each time (another text may have replaced it since).
      ...(name ? [] : [serialize.parse({ text, types })]),
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    let messages: BackendMessage[];
    try {
      messages = await send(concat(parts));
    } catch (error) {
      // A named statement whose result no longer matches (the table changed): parsed again next time.
      // It runs unnamed from then on (its name stays taken in PostgreSQL).
      if (name && (error as { code?: string }).code === '0A000') described.set(text, { name: '', types });
      throw withQuery(error, text, params, options);
    }
    return resultOf<T>(messages, pg.parsers, options);
  };

  const simple = async (text: string) => {
    const messages = await send(serialize.query(text));
    return parse.parseResults(messages, pg.parsers)[0]!;
  };

  const ready = () => {
    if (pg.closed) throw new Error('PGlite is closed');
  };

  const query: Query = async (text, params, options) => {
    ready();
    return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run(text, params, options)));
  };

  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    ready();
    return pg._runExclusiveTransaction(async () => {
      await pg._runExclusiveQuery(() => simple('BEGIN'));
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx = {
        query: (async (text, params, options) => {
          open();
          return pg._runExclusiveQuery(() => run(text, params, options));
        }) as Query,
        sql: async () => {
          throw new Error('tx.sql is not used through this client');
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return pg._runExclusiveQuery(() => send(serialize.query(text)).then((messages) => parse.parseResults(messages, pg.parsers, options)));
        },
        rollback: async () => {
          open();
          await pg._runExclusiveQuery(() => simple('ROLLBACK'));
          closed = true;
        },
        listen: async () => {
          throw new Error('tx.listen is not used through this client');
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const done = await pg._runExclusiveQuery(() => simple('COMMIT'));
          if (done.command === 'ROLLBACK') throw new TransactionAbortedError();
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await pg._runExclusiveQuery(() => simple('ROLLBACK'));
        }
        throw error;
      }
    });
  };

  return { query, transaction } as PgliteClient;
}

/**
 * The statement's result, as PGlite's `parseResults` makes it, but with each column's parser looked
 * up once per statement: `parseResults` copies the client's whole parser table (hundreds of types)
 * into a new object for every statement that brings parsers of its own (drizzle's do), about 0.8 ms
 * of a 5-line sale.
 */
function resultOf<T>(messages: BackendMessage[], parsers: Record<number | string, Parser>, options?: QueryOptions): Results<T> {
  const result: Results<T> = { rows: [], fields: [], affectedRows: 0 };
  let columns: { name: string; dataTypeID: number; parse: Parser | undefined }[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      const { fields } = message as { fields: { name: string; dataTypeID: number }[] } & BackendMessage;
      result.fields = fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      columns = fields.map(({ name, dataTypeID }) => ({
        name,
        dataTypeID,
        parse: options?.parsers?.[dataTypeID] ?? parsers[dataTypeID] ?? pgTypes.parsers[dataTypeID],
      }));
    } else if (message.name === 'dataRow') {
      const values = (message as { fields: (string | null)[] } & BackendMessage).fields;
      const parsed = values.map((value, i) => {
        const column = columns[i]!;
        return value === null || !column.parse ? value : column.parse(value, column.dataTypeID);
      });
      if (options?.rowMode === 'array') result.rows.push(parsed as T);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < parsed.length; i++) row[columns[i]!.name] = parsed[i];
        result.rows.push(row as T);
      }
    } else if (message.name === 'commandComplete') {
      // "SELECT 2", "UPDATE 3", "INSERT 0 5": the last word is the row count; "CREATE TABLE" has none.
      const words = (message as { text: string } & BackendMessage).text.split(' ');
      const rowCount = Number.parseInt(words.at(-1)!, 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) result.affectedRows = rowCount;
      Object.assign(result, { command: words[0] }, Number.isNaN(rowCount) ? {} : { rowCount });
      break;
    }
  }
  return result;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const message = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** As PGlite's own `query` does: the error carries the statement and its parameters. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, queryOptions: QueryOptions | undefined) {
  if (error instanceof Error && 'code' in error) Object.assign(error, { query, params, queryOptions });
  return error;
}
