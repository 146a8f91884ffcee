import type { Database, Statement } from './sqlite.js';
import type { Columns } from './columns.js';
import type { SqlValue } from './state.js';

/** One value of a row's place in a listing: what one of its order columns holds. */
export type KeyValue = string | number;

/**
 * A row's place in a listing's order: the values of the order columns, which together are
 * unique to the row, so that "after this key" names one position whatever else is there.
 */
export type ListKey = readonly KeyValue[];

export type ListOrder = 'asc' | 'desc';

type Bound = Record<string, unknown>;

/**
 * Pages of one SELECT in keyset order: a page is the rows strictly after a key, at most
 * `limit` of them, so a listing read page by page holds one page at a time whatever the
 * table's size, and rows written or removed between two pages neither shift nor repeat
 * those that stay. The statement's text depends on which conditions a request has; each
 * text is prepared on first use and kept. Conditions are the table's own fixed text, never
 * a caller's: what a caller gives is bound.
 */
export class KeysetPages<Params extends object, R> {
  private readonly statements = new Map<string, Statement<[Bound], SqlValue[]>>();

  /**
   * `select` is the statement up to its WHERE, its result columns those of `columns` in
   * their order; `order` the column expressions of the key, most significant first.
   */
  constructor(
    private readonly db: Database,
    private readonly columns: Columns<R>,
    private readonly select: string,
    private readonly order: readonly string[],
  ) {}

  /** Up to `limit` records matching every condition, in `order`, strictly after `after`. */
  page(
    conditions: readonly string[],
    params: Params,
    order: ListOrder,
    after: ListKey | undefined,
    limit: number,
  ): R[] {
    const where = [...conditions];
    const bound: Bound = { ...params, limit };
    if (after !== undefined) {
      if (after.length !== this.order.length) {
        throw new Error(
          `a key of this listing has ${this.order.length} values, not ${after.length}`,
        );
      }
      const names = after.map((_, i) => `@after_${i}`);
      where.push(`(${this.order.join(', ')}) ${order === 'asc' ? '>' : '<'} (${names.join(', ')})`);
      after.forEach((value, i) => (bound[`after_${i}`] = value));
    }
    const sql = `${this.select} WHERE ${where.join(' AND ')}
      ORDER BY ${this.order.map((column) => `${column} ${order}`).join(', ')} LIMIT @limit`;
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare<[Bound], SqlValue[]>(sql).raw();
      this.statements.set(sql, stmt);
    }
    return stmt.all(bound).map(this.columns.fromValues);
  }
}
