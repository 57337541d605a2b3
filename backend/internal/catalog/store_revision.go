package catalog

import "github.com/atelier-commerce/atelier/backend/internal/revision"

// productRevisions is the products' history, keyed by the product's id; its SQL is the revision
// package's, shared with the other aggregates' histories.
var productRevisions = revision.Table[Snapshot]{Name: "product_revisions", Key: "product_id"}
