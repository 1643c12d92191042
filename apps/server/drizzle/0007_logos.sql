CREATE TABLE "platform_logos" (
	"destination" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
