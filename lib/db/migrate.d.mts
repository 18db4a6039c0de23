export interface SqlExecutor {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(): Promise<Migration[]>;
export function applyMigrations(db: SqlExecutor, migrations: Migration[]): Promise<string[]>;
