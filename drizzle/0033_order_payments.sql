-- An order's payment with its provider, asked outside the order's transaction (issue 44, decision 0055). The row is
-- written with the order in state 'pending'; the minute's retry finds the ones a dead process left there.
CREATE TABLE "order_payments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"state" text NOT NULL,
	"reference" text,
	"reason" text,
	"recovery" jsonb NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_state_check" CHECK ("state" in ('pending', 'awaiting', 'authorized', 'declined'))
);--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_pending_idx" ON "order_payments" USING btree ("updated_at") WHERE "order_payments"."state" = 'pending';--> statement-breakpoint
-- The payment webhooks' events already acted on: a replay of one is answered without a second effect.
CREATE TABLE "payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_pk" PRIMARY KEY("provider","event_id")
);
