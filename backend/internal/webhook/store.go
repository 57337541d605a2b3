package webhook

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// querier is a pool or a transaction.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

const endpointColumns = `id::text, url, description, event_types, enabled, disabled_reason, disabled_at,
	previous_expires_at, failure_streak, created_at, updated_at, version`

func scanEndpoint(row pgx.Row) (Endpoint, error) {
	var e Endpoint
	var types []string
	err := row.Scan(&e.ID, &e.URL, &e.Description, &types, &e.Enabled, &e.DisabledReason, &e.DisabledAt,
		&e.PreviousSecretExpiresAt, &e.FailureStreak, &e.CreatedAt, &e.UpdatedAt, &e.Version)
	if err != nil {
		return Endpoint{}, err
	}
	e.EventTypes = toTypes(types)
	return e, nil
}

func toTypes(ss []string) []event.Type {
	out := make([]event.Type, len(ss))
	for i, s := range ss {
		out[i] = event.Type(s)
	}
	return out
}

func toStrings(ts []event.Type) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return out
}

func insertEndpoint(ctx context.Context, pool db.Beginner, actorID string, in Input, secret string, limit int) (Endpoint, error) {
	desc := ""
	if in.Description != nil {
		desc = *in.Description
	}
	enabled := true
	if in.Enabled != nil {
		enabled = *in.Enabled
	}
	var actor *string
	if id, ok := db.CanonicalID(actorID); ok {
		actor = &id
	}
	var e Endpoint
	err := db.WithTx(ctx, pool, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM webhook_endpoints`).Scan(&n); err != nil {
			return err
		}
		if n >= limit {
			return apperr.FailedPrecondition("too_many_webhook_endpoints", "a shop can have at most %d webhook endpoints", limit)
		}
		var err error
		e, err = scanEndpoint(tx.QueryRow(ctx, `INSERT INTO webhook_endpoints (url, description, event_types, enabled, secret, created_by,
			disabled_at) VALUES ($1, $2, $3, $4, $5, $6::uuid, CASE WHEN $4 THEN NULL ELSE now() END) RETURNING `+endpointColumns,
			*in.URL, desc, toStrings(in.EventTypes), enabled, secret, actor))
		return err
	})
	return e, err
}

func getEndpoint(ctx context.Context, q querier, id string) (Endpoint, error) {
	cid, ok := db.CanonicalID(id)
	if !ok {
		return Endpoint{}, errEndpointNotFound()
	}
	e, err := scanEndpoint(q.QueryRow(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE id = $1::uuid`, cid))
	if errors.Is(err, pgx.ErrNoRows) {
		return Endpoint{}, errEndpointNotFound()
	}
	return e, err
}

func listEndpoints(ctx context.Context, q querier) ([]Endpoint, error) {
	rows, err := q.Query(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Endpoint{}
	for rows.Next() {
		e, err := scanEndpoint(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func updateEndpoint(ctx context.Context, q querier, id string, in Input, now time.Time) (Endpoint, error) {
	cid, ok := db.CanonicalID(id)
	if !ok {
		return Endpoint{}, errEndpointNotFound()
	}
	var types []string
	if in.EventTypes != nil {
		types = toStrings(in.EventTypes)
	}
	// Enabling clears what the shop recorded when it disabled the endpoint; disabling stamps when.
	e, err := scanEndpoint(q.QueryRow(ctx, `UPDATE webhook_endpoints SET
			url = COALESCE($2, url),
			description = COALESCE($3, description),
			event_types = COALESCE($4, event_types),
			failure_streak = CASE WHEN $5::bool AND NOT enabled THEN 0 ELSE failure_streak END,
			disabled_reason = CASE WHEN $5::bool THEN '' ELSE disabled_reason END,
			disabled_at = CASE WHEN $5::bool THEN NULL WHEN NOT $5::bool AND enabled THEN $6 ELSE disabled_at END,
			enabled = COALESCE($5, enabled),
			updated_at = $6, version = version + 1
		WHERE id = $1::uuid RETURNING `+endpointColumns,
		cid, in.URL, in.Description, types, in.Enabled, now))
	if errors.Is(err, pgx.ErrNoRows) {
		return Endpoint{}, errEndpointNotFound()
	}
	return e, err
}

func rotateSecret(ctx context.Context, q querier, id, secret string, overlapUntil time.Time) (Endpoint, error) {
	cid, ok := db.CanonicalID(id)
	if !ok {
		return Endpoint{}, errEndpointNotFound()
	}
	e, err := scanEndpoint(q.QueryRow(ctx, `UPDATE webhook_endpoints SET previous_secret = secret, previous_expires_at = $3,
			secret = $2, updated_at = now(), version = version + 1
		WHERE id = $1::uuid RETURNING `+endpointColumns, cid, secret, overlapUntil))
	if errors.Is(err, pgx.ErrNoRows) {
		return Endpoint{}, errEndpointNotFound()
	}
	return e, err
}

func deleteEndpoint(ctx context.Context, q querier, id string) error {
	cid, ok := db.CanonicalID(id)
	if !ok {
		return errEndpointNotFound()
	}
	tag, err := q.Exec(ctx, `DELETE FROM webhook_endpoints WHERE id = $1::uuid`, cid)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errEndpointNotFound()
	}
	return nil
}

func insertEvent(ctx context.Context, q querier, id string, t event.Type, body []byte) error {
	_, err := q.Exec(ctx, `INSERT INTO webhook_events (id, type, body) VALUES ($1::uuid, $2, $3) ON CONFLICT (id) DO NOTHING`,
		id, string(t), body)
	return err
}

func eventType(ctx context.Context, q querier, id string) (event.Type, bool, error) {
	var t string
	err := q.QueryRow(ctx, `SELECT type FROM webhook_events WHERE id = $1::uuid`, id).Scan(&t)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return event.Type(t), err == nil, err
}

// subscriber is an endpoint that takes an event's type, enabled or not.
type subscriber struct {
	ID      string
	Enabled bool
}

func subscribedEndpoints(ctx context.Context, q querier, t event.Type) ([]subscriber, error) {
	rows, err := q.Query(ctx, `SELECT id::text, enabled FROM webhook_endpoints WHERE $1 = ANY(event_types) ORDER BY id`, string(t))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[subscriber])
}

// skipDelivery marks a delivery the fan-out made for a disabled endpoint.
func skipDelivery(ctx context.Context, q querier, id, why string) error {
	_, err := q.Exec(ctx, `UPDATE webhook_deliveries SET status = 'skipped', error = $2 WHERE id = $1::uuid`, id, why)
	return err
}

// insertDelivery adds a delivery and returns its id; "" when the fan-out made it already.
func insertDelivery(ctx context.Context, q querier, endpointID, eventID string, t event.Type, replay bool) (string, error) {
	var id string
	err := q.QueryRow(ctx, `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, replay)
		VALUES ($1::uuid, $2::uuid, $3, $4) ON CONFLICT (event_id, endpoint_id) WHERE NOT replay DO NOTHING RETURNING id::text`,
		endpointID, eventID, string(t), replay).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return id, err
}

const deliveryColumns = `id::text, endpoint_id::text, event_id::text, event_type, replay, status, attempts, response_code,
	duration_ms, response_body, error, last_attempt_at, next_attempt_at, created_at`

func scanDelivery(row pgx.Row) (Delivery, error) {
	var d Delivery
	var t string
	var ms int64
	err := row.Scan(&d.ID, &d.EndpointID, &d.EventID, &t, &d.Replay, &d.Status, &d.Attempts, &d.ResponseCode,
		&ms, &d.ResponseBody, &d.Error, &d.LastAttempt, &d.NextAttempt, &d.CreatedAt)
	d.EventType, d.Duration = event.Type(t), time.Duration(ms)*time.Millisecond
	return d, err
}

func getDelivery(ctx context.Context, q querier, id string) (Delivery, error) {
	return scanDelivery(q.QueryRow(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries WHERE id = $1::uuid`, id))
}

func listDeliveries(ctx context.Context, q querier, endpointID string, after *pageKey, limit int) ([]Delivery, error) {
	cid, _ := db.CanonicalID(endpointID)
	var at *time.Time
	var id *string
	if after != nil {
		at, id = &after.At, &after.ID
	}
	rows, err := q.Query(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries
		WHERE endpoint_id = $1::uuid AND ($2::timestamptz IS NULL OR (created_at, id) < ($2, $3::uuid))
		ORDER BY created_at DESC, id DESC LIMIT $4`, cid, at, id, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Delivery{}
	for rows.Next() {
		d, err := scanDelivery(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// target is what an attempt needs: the delivery, its endpoint and the event's body.
type target struct {
	endpointID      string
	url             string
	enabled         bool
	types           []event.Type
	secret          string
	previousSecret  string
	previousExpires *time.Time
	eventID         string
	eventType       event.Type
	body            []byte
	replay          bool
	status          string
	attempts        int
}

// errGone says a delivery or endpoint no longer exists (its endpoint was deleted).
var errGone = errors.New("webhook: gone")

// deliveryTarget reads a delivery with its endpoint and event; errGone when it no longer exists.
func deliveryTarget(ctx context.Context, q querier, deliveryID string) (*target, error) {
	cid, ok := db.CanonicalID(deliveryID)
	if !ok {
		return nil, errGone
	}
	var t target
	var types []string
	var et string
	err := q.QueryRow(ctx, `SELECT e.id::text, e.url, e.enabled, e.event_types, e.secret, e.previous_secret, e.previous_expires_at,
			d.event_id::text, d.event_type, v.body, d.replay, d.status, d.attempts
		FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN webhook_events v ON v.id = d.event_id
		WHERE d.id = $1::uuid`, cid).Scan(&t.endpointID, &t.url, &t.enabled, &types, &t.secret, &t.previousSecret, &t.previousExpires,
		&t.eventID, &et, &t.body, &t.replay, &t.status, &t.attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errGone
	}
	if err != nil {
		return nil, fmt.Errorf("webhook.deliveryTarget: %s: %w", deliveryID, err)
	}
	t.types, t.eventType = toTypes(types), event.Type(et)
	return &t, nil
}

func updateDelivery(ctx context.Context, q querier, id string, o outcome) error {
	if o.status == StatusSkipped {
		_, err := q.Exec(ctx, `UPDATE webhook_deliveries SET status = $2, error = $3, next_attempt_at = NULL WHERE id = $1::uuid`,
			id, o.status, o.err)
		return err
	}
	_, err := q.Exec(ctx, `UPDATE webhook_deliveries SET status = $2, attempts = GREATEST(attempts, $3), response_code = $4,
			duration_ms = $5, response_body = $6, error = $7, last_attempt_at = $8, next_attempt_at = $9
		WHERE id = $1::uuid`, id, o.status, o.attempt, o.code, o.duration.Milliseconds(), o.body, o.err, o.at, o.next)
	return err
}

func resetStreak(ctx context.Context, q querier, endpointID string) error {
	_, err := q.Exec(ctx, `UPDATE webhook_endpoints SET failure_streak = 0 WHERE id = $1::uuid AND failure_streak <> 0`, endpointID)
	return err
}

// lengthenStreak adds a final failure to the endpoint's streak and returns the endpoint; errGone
// when it was deleted.
func lengthenStreak(ctx context.Context, q querier, endpointID string) (*Endpoint, error) {
	e, err := scanEndpoint(q.QueryRow(ctx, `UPDATE webhook_endpoints SET failure_streak = failure_streak + 1
		WHERE id = $1::uuid RETURNING `+endpointColumns, endpointID))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errGone
	}
	if err != nil {
		return nil, err
	}
	return &e, nil
}

func disable(ctx context.Context, q querier, endpointID, reason string, at time.Time) error {
	_, err := q.Exec(ctx, `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, disabled_at = $3,
		updated_at = $3, version = version + 1 WHERE id = $1::uuid`, endpointID, reason, at)
	return err
}

func pruneEvents(ctx context.Context, q querier, before time.Time) (int64, error) {
	tag, err := q.Exec(ctx, `DELETE FROM webhook_events v WHERE v.created_at < $1 AND NOT EXISTS (
		SELECT 1 FROM webhook_deliveries d WHERE d.event_id = v.id AND d.status IN ('pending', 'retrying'))`, before)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// adminEmails are the addresses of the shop's admins, who are told when an endpoint is disabled.
func adminEmails(ctx context.Context, tx pgx.Tx) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT email FROM accounts WHERE role = 'admin' ORDER BY email`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
