import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { PLANNED_ONCE_SETTINGS } from './planned-once';

/** What drizzle's PGlite session calls to run a statement. */
export interface QueryRunner {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** PGlite's own exclusive sections (the same query() takes): not in its typings, so checked before use. */
interface Exclusive {
  _runExclusiveTransaction(fn: () => Promise<unknown>): Promise<unknown>;
  _runExclusiveQuery(fn: () => Promise<unknown>): Promise<unknown>;
}

const { serialize } = protocol;

const settings = Object.entries(PLANNED_ONCE_SETTINGS);
// one statement each, so the named statement's result stays second
const plannedOnce = `select ${settings.map(([name, value]) => `set_config('${name}', '${value}', false)`).join(', ')}`;
const asBefore = settings.map(([name]) => `reset ${name}`).join('; ');

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Runs the app's named statements (`preparedStatementDb`, server/db/client.ts) on PGlite as protocol-level named
 * statements planned as PostgreSQL's second pool plans them (planned-once.ts). PGlite's query() sends every
 * statement unnamed, so it was parsed and planned on every call: the 待办 statement took 2.1 ms that way and 0.75 ms
 * named and planned once (with the settings' set and reset). Only reads are prepared on that handle, so a call does
 * not sync the data dir (PGlite's query() skips that inside transactions too); the turn queue (statement-turns.ts)
 * and PGlite's own exclusive sections keep a call out of anyone's open transaction.
 *
 * The settings are made around each execution (set … reset in the same message batch) rather than for the session:
 * PGlite has one session, and its unnamed statements (keyword searches among them) must keep plans made for their
 * values. Returns null when this PGlite lacks what it needs, and the statements then run as before.
 */
export function namedStatementRunner(client: PGlite): QueryRunner | null {
  const exclusive = client as unknown as Partial<Exclusive>;
  if (typeof exclusive._runExclusiveTransaction !== 'function' || typeof exclusive._runExclusiveQuery !== 'function')
    return null;
  const { _runExclusiveTransaction: transactionTurn, _runExclusiveQuery: queryTurn } = exclusive as Exclusive;
  // the statement's text is its identity: drizzle builds a prepared statement's text once
  const statements = new Map<string, { name: string; types: number[] }>();

  const send = async (parts: Uint8Array[]) => (await client.execProtocol(concat(parts), { syncToFs: false })).messages;

  async function prepare(text: string) {
    const name = `pglite_named_${statements.size + 1}`;
    const described = await send([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const statement = statements.get(text) ?? (await prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await send([
      serialize.query(plannedOnce),
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
      serialize.query(asBefore),
    ]);
    // one result per command: the settings, the statement, the resets
    return parse.parseResults(messages, client.parsers, options)[1] as Results<T>;
  }

  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      transactionTurn.call(client, () => queryTurn.call(client, () => run<T>(text, params, options))) as Promise<
        Results<T>
      >,
  };
}
