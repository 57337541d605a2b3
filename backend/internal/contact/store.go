package contact

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// insertMessage stores a message and returns its id.
func insertMessage(ctx context.Context, tx pgx.Tx, m Message) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO contact_messages (name, email, subject, message)
		VALUES (@name, @email, @subject, @message) RETURNING id::text`,
		pgx.NamedArgs{"name": m.Name, "email": m.Email, "subject": m.Subject, "message": m.Body}).Scan(&id)
	return id, err
}
