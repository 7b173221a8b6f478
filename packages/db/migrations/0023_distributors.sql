CREATE TABLE "order_guide_template_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"user_id" integer,
	"merchant_ids" integer[] NOT NULL,
	"file_name" text NOT NULL,
	"stored_as" text NOT NULL,
	"file_kind" text NOT NULL,
	"header_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"template_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_guide_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"distributor_id" integer NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"required" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_guide_template_requests" ADD CONSTRAINT "order_guide_template_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_template_requests" ADD CONSTRAINT "order_guide_template_requests_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_template_requests" ADD CONSTRAINT "order_guide_template_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_template_requests" ADD CONSTRAINT "order_guide_template_requests_template_id_order_guide_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."order_guide_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_guide_templates" ADD CONSTRAINT "order_guide_templates_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_guide_template_requests_location_idx" ON "order_guide_template_requests" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "order_guide_templates_distributor_idx" ON "order_guide_templates" USING btree ("distributor_id");