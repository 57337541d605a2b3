package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"connectrpc.com/connect"
)

// Health serves GET /api/health, liveness: the process answers.
func Health(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// Pinger is the database as readiness sees it (a *pgxpool.Pool).
type Pinger interface {
	Ping(ctx context.Context) error
}

// Ready serves GET /api/ready, readiness: the database answers too. When it does not, the
// answer is 503 in the API's error shape, reason database_unreachable.
func Ready(db Pinger, logger *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := db.Ping(ctx); err != nil {
			LoggerFrom(ctx, logger).WarnContext(ctx, "readiness: database unreachable", "error", err.Error())
			WriteHTTPError(w, http.StatusServiceUnavailable, withReason(connect.NewError(connect.CodeUnavailable,
				errors.New("the database is unreachable")), "database_unreachable", nil))
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
	}
}
