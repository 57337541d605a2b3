package payment

import (
	"os"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
)

// TestMain gives the test provider's tests their PostgreSQL cluster and stops the stripe-mock
// process the Stripe adapter's tests may have started, so neither outlives the test binary.
func TestMain(m *testing.M) {
	code := dbtest.Main(m)
	stopStripeMock()
	os.Exit(code)
}
