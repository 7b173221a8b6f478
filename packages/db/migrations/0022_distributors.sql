ALTER TABLE "sales_reps" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "sales_reps" ADD CONSTRAINT "sales_reps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_reps_user_idx" ON "sales_reps" USING btree ("user_id");