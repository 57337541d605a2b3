-- E-mails the background jobs have handed to the SMTP server, keyed by the outbox event that
-- asked for them (owned by the jobs package's mail workers). A job can run more than once (a
-- retry after a crash, a re-offered outbox row); the worker checks this table before sending and
-- records the send right after the server accepts the message, so a repeat does not mail the
-- shopper twice. Only the tiny window between the server's "250 accepted" and this INSERT can
-- still produce a duplicate: delivery is at-least-once, never lost.

CREATE TABLE mail_sent (
    outbox_id UUID PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind <> ''),
    message_id TEXT NOT NULL DEFAULT '',
    sent_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
