import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <what>` writes the next migration (docs/database.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  // The migration runner's own bookkeeping table is not part of the schema.
  tablesFilter: ['!lead_schema_migrations'],
});
