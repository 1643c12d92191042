CREATE TABLE "session_leases" (
	"whatsapp_id" integer PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"chat" text NOT NULL,
	"message_id" text NOT NULL,
	"direction" text NOT NULL,
	"author" text,
	"type" text DEFAULT 'text' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ack" integer DEFAULT 0 NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"reactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_auth_keys" (
	"whatsapp_id" integer NOT NULL,
	"type" text NOT NULL,
	"key_id" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_auth_keys_whatsapp_id_type_key_id_pk" PRIMARY KEY("whatsapp_id","type","key_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_queues" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	CONSTRAINT "whatsapp_queues_whatsapp_id_queue_id_pk" PRIMARY KEY("whatsapp_id","queue_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sent_messages" (
	"whatsapp_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_sent_messages_whatsapp_id_message_id_pk" PRIMARY KEY("whatsapp_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapps" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'DISCONNECTED' NOT NULL,
	"qrcode" text DEFAULT '' NOT NULL,
	"pairing_code" text DEFAULT '' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"token" text,
	"provider" text DEFAULT 'beta' NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"complation_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"rating_message" text DEFAULT '' NOT NULL,
	"expires_inactive_message" text DEFAULT '' NOT NULL,
	"expires_ticket" integer DEFAULT 0 NOT NULL,
	"time_use_bot_queues" integer DEFAULT 0 NOT NULL,
	"max_use_bot_queues" integer DEFAULT 3 NOT NULL,
	"time_to_transfer" integer,
	"transfer_queue_id" integer,
	"prompt_id" integer,
	"active_transcribe" boolean DEFAULT false NOT NULL,
	"transcribe" boolean DEFAULT false NOT NULL,
	"transcribeme" boolean DEFAULT false NOT NULL,
	"transcribekey" text,
	"transcribeprovider" text,
	"sendme" boolean DEFAULT false NOT NULL,
	"timeforagroup" integer DEFAULT 5 NOT NULL,
	"timeresume" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_leases" ADD CONSTRAINT "session_leases_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_contacts" ADD CONSTRAINT "simulator_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_contacts" ADD CONSTRAINT "simulator_contacts_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD CONSTRAINT "simulator_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD CONSTRAINT "simulator_messages_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sent_messages" ADD CONSTRAINT "whatsapp_sent_messages_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_transfer_queue_id_queues_id_fk" FOREIGN KEY ("transfer_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_contacts_wapp_number_key" ON "simulator_contacts" USING btree ("whatsapp_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_messages_wapp_message_key" ON "simulator_messages" USING btree ("whatsapp_id","message_id");--> statement-breakpoint
CREATE INDEX "simulator_messages_chat_idx" ON "simulator_messages" USING btree ("whatsapp_id","chat","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_queues_queue_idx" ON "whatsapp_queues" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "whatsapp_sent_messages_created_idx" ON "whatsapp_sent_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_company_name_key" ON "whatsapps" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_company_default_key" ON "whatsapps" USING btree ("company_id") WHERE "whatsapps"."is_default";