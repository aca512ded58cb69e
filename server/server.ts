import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { DEMO_USERS, isEmpty, seedDemo } from './db/seed';
import { closeWorkerPools } from './workers/close-pools';
import { warmDetectionPool } from './pipeline/off-thread-detection';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config.DATABASE_URL);
  await migrateToLatest(db);
  const shouldSeed = config.SEED_DEMO ?? (await isEmpty(db.kysely));
  const seeded = shouldSeed ? await seedDemo(db.kysely, config.DEMO_PASSWORD) : false;

  const app = await buildApp({ config, db });
  const close = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await closeWorkerPools();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  warmDetectionPool();
  const url = `http://localhost:${config.PORT}`;
  console.log(`\nAI Governance Console is running at ${url}`);
  if (seeded) {
    console.log(`Demo data seeded. Sign in at ${url}/login with password "${config.DEMO_PASSWORD}" as:`);
    for (const user of DEMO_USERS) console.log(`  ${user.email}`);
  }
  console.log('');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The console could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
