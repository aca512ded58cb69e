import pg from 'pg';

/** One statement on its own PostgreSQL connection (creating or dropping a test or bench schema), closed after. */
export async function adminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
