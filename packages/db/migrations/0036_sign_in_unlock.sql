-- Issue 33 (defect 6): past the per-account sign-in limit, a browser that signed in before from the
-- same address still signs in, and the owner is mailed a one-time link that signs in and unlocks.
CREATE TABLE "known_sign_in_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"client_address" text NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_unlock_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_sign_in_devices" ADD CONSTRAINT "known_sign_in_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_unlock_tokens" ADD CONSTRAINT "sign_in_unlock_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "known_sign_in_devices_key_idx" ON "known_sign_in_devices" USING btree ("user_id","device_hash","client_address");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_unlock_tokens_hash_idx" ON "sign_in_unlock_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sign_in_unlock_tokens_user_idx" ON "sign_in_unlock_tokens" USING btree ("user_id","created_at");
