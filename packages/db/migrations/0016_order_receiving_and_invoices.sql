CREATE TABLE "order_invoice_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"uploaded_by" integer,
	"storage_path" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_receiving_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"question_1" smallint NOT NULL,
	"question_2" smallint NOT NULL,
	"question_3" smallint NOT NULL,
	"question_4" smallint NOT NULL,
	"question_5" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "receive_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "status_received" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "qty_reduction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "reject_comment" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "received_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "is_edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "original_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "original_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "is_added_at_receiving" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_refusal" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pre_reject_result" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pre_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_invoice_images" ADD CONSTRAINT "order_invoice_images_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoice_images" ADD CONSTRAINT "order_invoice_images_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_invoice_images" ADD CONSTRAINT "order_invoice_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receiving_checks" ADD CONSTRAINT "order_receiving_checks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receiving_checks" ADD CONSTRAINT "order_receiving_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_receiving_checks" ADD CONSTRAINT "order_receiving_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_invoice_images_order_idx" ON "order_invoice_images" USING btree ("location_id","order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_receiving_checks_order_idx" ON "order_receiving_checks" USING btree ("location_id","order_id");