package apidocs

import _ "embed"

// Spec is the OpenAPI document generated from proto/ by `just gen` (never edited by hand).
//
//go:embed openapi.yaml
var Spec []byte
