package contact_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/contact"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

func TestSendStoresTrimmedMessage(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	svc := contact.NewService(pool)
	id, err := svc.Send(context.Background(), contact.Message{Name: "  Jane Doe ", Email: " Jane@Example.com ",
		Subject: "\tOrder question\n", Body: "  Where is my parcel?\n\nThanks.  "}, "")
	require.NoError(t, err)
	_, err = uuid.Parse(id)
	require.NoError(t, err)

	var name, email, subject, body string
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT name, email, subject, message FROM contact_messages
		WHERE id = $1`, id).Scan(&name, &email, &subject, &body))
	require.Equal(t, "Jane Doe", name)
	require.Equal(t, "Jane@Example.com", email, "the reply address is kept as given, only trimmed")
	require.Equal(t, "Order question", subject)
	require.Equal(t, "Where is my parcel?\n\nThanks.", body, "inner line breaks stay")

	other, err := svc.Send(context.Background(), contact.Message{Name: "Sam", Email: "sam@example.org", Subject: "Hi", Body: "Hello"}, "")
	require.NoError(t, err)
	require.NotEqual(t, id, other)
}

func TestSendValidation(t *testing.T) {
	t.Parallel()
	// Many messages from one reply address: the limits are another test's subject.
	svc := contact.NewService(dbtest.Pool(t), contact.WithLimits(contact.Limits{}))
	valid := contact.Message{Name: "Jane", Email: "jane@example.com", Subject: "Hello", Body: "A question."}
	tests := map[string]struct {
		edit          func(*contact.Message)
		field, reason string
	}{
		"no name":           {func(m *contact.Message) { m.Name = "" }, "name", "missing_name"},
		"blank name":        {func(m *contact.Message) { m.Name = " \t\n" }, "name", "missing_name"},
		"long name":         {func(m *contact.Message) { m.Name = strings.Repeat("é", contact.MaxNameLen+1) }, "name", "name_too_long"},
		"no email":          {func(m *contact.Message) { m.Email = "  " }, "email", "missing_email"},
		"bad email":         {func(m *contact.Message) { m.Email = "jane@" }, "email", "invalid_email"},
		"no subject":        {func(m *contact.Message) { m.Subject = "   " }, "subject", "missing_subject"},
		"long subject":      {func(m *contact.Message) { m.Subject = strings.Repeat("a", contact.MaxSubjectLen+1) }, "subject", "subject_too_long"},
		"no message":        {func(m *contact.Message) { m.Body = "\n\n" }, "message", "missing_message"},
		"long message":      {func(m *contact.Message) { m.Body = strings.Repeat("a", contact.MaxBodyLen+1) }, "message", "message_too_long"},
		"first field first": {func(m *contact.Message) { *m = contact.Message{} }, "name", "missing_name"},
	}
	for name, tt := range tests {
		m := valid
		tt.edit(&m)
		_, err := svc.Send(context.Background(), m, "")
		ae := apperr.As(err)
		require.NotNil(t, ae, "%s: %v", name, err)
		require.Equal(t, apperr.KindInvalid, ae.Kind, name)
		require.Equal(t, tt.field, ae.Field, name)
		require.Equal(t, tt.reason, ae.Reason, name)
		require.True(t, strings.HasPrefix(ae.Message, tt.field+" "), "%s: the message names the field: %q", name, ae.Message)
	}
	m := valid
	m.Name = strings.Repeat("é", contact.MaxNameLen)
	_, err := svc.Send(context.Background(), m, "")
	require.NoError(t, err, "limits count characters, not bytes")
}

// A stored message queues its e-mail to the shop in the same transaction: one outbox event with
// the stored (trimmed) fields.
func TestSendEmitsMessageReceived(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	ctx := context.Background()
	id, err := contact.NewService(pool).Send(ctx, contact.Message{Name: " Jane ", Email: "jane@example.com",
		Subject: "Parcel", Body: " <b>Where</b> is it? "}, "")
	require.NoError(t, err)

	var topic string
	var payload map[string]string
	require.NoError(t, pool.QueryRow(ctx, `SELECT topic, payload FROM outbox`).Scan(&topic, &payload))
	require.Equal(t, "contact_message.received", topic)
	require.Equal(t, map[string]string{"message_id": id, "name": "Jane", "email": "jane@example.com",
		"subject": "Parcel", "message": "<b>Where</b> is it?"}, payload)
}

// An invalid message stores nothing and emits nothing.
func TestSendInvalidEmitsNothing(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	_, err := contact.NewService(pool).Send(context.Background(), contact.Message{Name: "Jane", Email: "nope"}, "")
	require.Error(t, err)
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox`).Scan(&n))
	require.Zero(t, n)
}
