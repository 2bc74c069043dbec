import { defineConfig } from 'drizzle-kit';

/** The simulators' own schema (`simulators`), migrated only when a simulator is chosen (server/integrations/simulators/migrate.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/integrations/simulators/schema.ts',
  out: './server/integrations/simulators/migrations',
  schemaFilter: ['simulators'],
});
