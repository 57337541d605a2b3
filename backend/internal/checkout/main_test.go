package checkout

import (
	"os"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
)

// TestMain gives the package's tests (internal and external) their PostgreSQL cluster.
func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }
