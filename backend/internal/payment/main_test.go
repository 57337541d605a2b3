package payment

import (
	"os"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
)

// TestMain gives the test provider's tests their PostgreSQL cluster.
func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }
