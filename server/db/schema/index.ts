/**
 * The database schema, one module per area (drizzle.config.ts reads this file). The migrations
 * under server/db/migrations are generated from it: `npm run db:generate`.
 */
export * from './accounts.ts';
export * from './persons.ts';
export * from './contact-points.ts';
export * from './catalogue.ts';
export * from './tags.ts';
export * from './schedules.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './system.ts';
export * from './queues.ts';
export * from './campaigns.ts';
export * from './notifications.ts';
export * from './interactions.ts';
export * from './practice-teams.ts';
export * from './telephony.ts';
export * from './workflows.ts';
export * from './chat.ts';
export * from './webhooks.ts';
