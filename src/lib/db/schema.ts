import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/*.sql, which are the source of truth for the database itself.

export const workspaces = pgTable('workspaces', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  businessName: text('business_name').notNull(),
  adminEmail: text('admin_email').notNull(),
  staffPasswordHash: text('staff_password_hash').notNull(),
  adminPasswordHash: text('admin_password_hash').notNull(),
  plan: text('plan', { enum: ['free', 'starter', 'team', 'agency'] }).notNull().default('free'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  color: text('color').notNull().default('#3B82F6'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const settings = pgTable(
  'settings',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

export const signInFailures = pgTable('sign_in_failures', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull(),
  address: text('address').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
});
