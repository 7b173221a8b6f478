CREATE TABLE "order_guide_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"user_id" integer,
	"merchant_ids" integer[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"file_name" text NOT NULL,
	"stored_as" text NOT NULL,
	"file_kind" text NOT NULL,
	"template_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"row_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "location_distributors" ADD COLUMN "website_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "location_distributors" ADD COLUMN "website_password_encrypted" text;--> statement-breakpoint
ALTER TABLE "sales_reps" ADD COLUMN "invite_token_hash" text;--> statement-breakpoint
ALTER TABLE "sales_reps" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_guide_uploads" ADD CONSTRAINT "order_guide_uploads_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_uploads" ADD CONSTRAINT "order_guide_uploads_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_uploads" ADD CONSTRAINT "order_guide_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_guide_uploads_location_idx" ON "order_guide_uploads" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_reps_invite_token_idx" ON "sales_reps" USING btree ("invite_token_hash");