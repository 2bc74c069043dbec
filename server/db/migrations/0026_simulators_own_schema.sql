DROP TABLE "sim_contact_center_instances" CASCADE;--> statement-breakpoint
DROP TABLE "sim_contact_center_queues" CASCADE;--> statement-breakpoint
DROP TABLE "sim_team_directory_bot_installs" CASCADE;--> statement-breakpoint
DROP TABLE "sim_team_directory_channels" CASCADE;--> statement-breakpoint
DROP TABLE "sim_team_directory_members" CASCADE;--> statement-breakpoint
DROP TABLE "sim_team_directory_messages" CASCADE;--> statement-breakpoint
DROP TABLE "sim_team_directory_teams" CASCADE;--> statement-breakpoint
DROP TABLE "sim_team_directory_tenants" CASCADE;--> statement-breakpoint
DROP TABLE "sim_team_directory_users" CASCADE;