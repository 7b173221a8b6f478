CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"created_by" integer,
	"gateway" text NOT NULL,
	"token" text NOT NULL,
	"card_type" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_token_idx" ON "payment_methods" USING btree ("token");--> statement-breakpoint
CREATE INDEX "payment_methods_location_idx" ON "payment_methods" USING btree ("location_id");