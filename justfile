# Atelier's entry points. `just --list` shows them. Every recipe works from a fresh clone:
# `setup` installs what is missing first.

set shell := ["bash", "-euo", "pipefail", "-c"]

bin := justfile_directory() / "tools/node_modules/.bin"

# Node 24 from tools/ goes first on PATH: the machine's Node may be too old for the front ends.
export PATH := justfile_directory() / "tools/node_modules/node/bin" + ":" + env_var("PATH")

# Run the shop: the API on :8080 (local database, demo catalogue) and the storefront on :3000.
dev: setup
    ./scripts/dev

# Run every check and test (what CI runs).
test: setup lint gen-check compose-check
    cd backend && go test -tags nodynamic -race -count=1 ./...
    just sdk-go-test
    just bench-smoke
    just storefront-test
    just backoffice-test
    just sdk-test
    just e2e

# The partners' Go SDK (sdk/go, a module of its own): vet and test it.
sdk-go-test:
    cd sdk/go && test -z "$(gofmt -l $(git ls-files '*.go' | grep -v '^gen/'))" && go vet ./... && go test -count=1 ./...

# The storefront's type check and unit tests (Vitest).
storefront-test: setup
    cd storefront && npm run typecheck && npm test

# The back office's type check and unit tests (Vitest), every Storybook story among them.
backoffice-test: setup
    cd backoffice && npm run typecheck && npm test

# The TypeScript SDK (sdk/typescript): built to ESM and CommonJS, type-checked, and both builds
# imported under plain Node against a stub of the API.
sdk-test: setup
    cd sdk/typescript && npm run build && npm run typecheck && npm test

# Storybook for the back office's components on http://localhost:6006.
storybook: setup
    cd backoffice && node_modules/.bin/storybook dev --port 6006 --no-open --ci

# The Playwright journeys in Chromium against the whole stack, started on throw-away data.
e2e: setup
    cd sdk/typescript && npm run build
    cd e2e && npm run typecheck && npm test

# Lighthouse scores (performance, accessibility, best practices, SEO) of the production build.
lighthouse: setup
    cd e2e && npm run lighthouse

# Regenerate Go code, the storefront's TypeScript client, the OpenAPI document, and from that
# document the back office's typed client and the TypeScript SDK's types, from proto/.
gen: setup
    cd proto && {{bin}}/buf lint && {{bin}}/buf generate && {{bin}}/buf generate --template buf.gen.go-sdk.yaml
    go run -C tools ./openapi-contract -policy ../backend/internal/authz/policy.csv -webhooks ../openapi/webhooks.yaml ../openapi/openapi.yaml ../backend/internal/apidocs/openapi.yaml
    cd backoffice && node_modules/.bin/openapi-typescript ../openapi/openapi.yaml -o src/lib/api/schema.gen.ts >/dev/null
    cd sdk/typescript && node_modules/.bin/openapi-typescript ../../openapi/openapi.yaml -o src/schema.gen.ts >/dev/null
    cd backend && gofmt -l internal/gen | (! grep .)
    gofmt -l sdk/go/gen | (! grep .)

# Fail when generated files differ from what `just gen` produces.
gen-check: gen
    #!/usr/bin/env bash
    set -euo pipefail
    if [ -n "$(git status --porcelain -- backend/internal/gen sdk/go/gen openapi backend/internal/apidocs/openapi.yaml storefront/app/gen backoffice/src/lib/api/schema.gen.ts sdk/typescript/src/schema.gen.ts)" ]; then
        git status --short -- backend/internal/gen sdk/go/gen openapi backend/internal/apidocs/openapi.yaml storefront/app/gen backoffice/src/lib/api/schema.gen.ts sdk/typescript/src/schema.gen.ts
        git --no-pager diff --stat -- backend/internal/gen sdk/go/gen openapi backend/internal/apidocs/openapi.yaml storefront/app/gen backoffice/src/lib/api/schema.gen.ts sdk/typescript/src/schema.gen.ts
        echo "generated code is out of date: run 'just gen' and commit the result" >&2
        exit 1
    fi
    echo "generated code is up to date"

# Static checks: proto lint, breaking changes against the published contract, gofmt, go vet,
# golangci-lint, OpenAPI lint, and Biome over the front ends (lint rules, import boundaries and
# formatting; biome.jsonc says which rules and why).
lint: setup
    cd proto && {{bin}}/buf lint
    just _breaking
    cd backend && test -z "$(gofmt -l $(git ls-files '*.go' | grep -v '^internal/gen/'))" || { gofmt -l . ; echo "gofmt needed" >&2; exit 1; }
    cd backend && go vet -tags nodynamic ./...
    cd backend && go tool -modfile=tools.mod golangci-lint run ./...
    {{bin}}/redocly lint --config openapi/redocly.yaml openapi/openapi.yaml
    storefront/node_modules/.bin/biome ci --error-on-warnings storefront backoffice e2e sdk/typescript

# buf breaking against proto/baseline.binpb, the last published contract (docs/decisions/008):
# comparing with the clone's own HEAD would let a committed breaking change through.
_breaking:
    #!/usr/bin/env bash
    set -euo pipefail
    cd proto
    if [ ! -f baseline.binpb ]; then
        echo "buf breaking: proto/baseline.binpb is missing; see docs/decisions/008-contract-baseline.md" >&2
        exit 1
    fi
    if ! {{bin}}/buf breaking --path atelier --against baseline.binpb; then
        echo "buf breaking: the change above breaks the published contract (proto/baseline.binpb)." >&2
        echo "Make it compatible (reserve removed numbers and names, add rather than change); only a deliberate," >&2
        echo "reviewed break replaces the baseline with 'just contract-baseline' (docs/decisions/008)." >&2
        exit 1
    fi

# Replace proto/baseline.binpb with today's contract. Only deliberately, in a commit of its own:
# when a contract is published, or for a reviewed break (docs/decisions/008).
contract-baseline: setup
    cd proto && {{bin}}/buf lint && {{bin}}/buf build --exclude-source-info -o baseline.binpb
    @echo "proto/baseline.binpb now holds the current contract: commit it on its own and say why (docs/decisions/008)"

# Validate docker-compose.yml (no Docker engine needed).
compose-check: setup
    docker-compose -f docker-compose.yml config -q && echo "docker-compose.yml is valid"

# Measure the API against a bare net/http ceiling on 10 000 products.
bench: setup
    cd backend && go run -tags nodynamic ./cmd/atelier-bench

# Run every bench scenario for a moment on a small shop (about a minute with the storefront's build):
# `just test` does, so a change that breaks the bench fails CI instead of the next measurement. Its
# figures mean nothing.
bench-smoke: setup
    #!/usr/bin/env bash
    set -euo pipefail
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    if ! (cd backend && go run -tags nodynamic ./cmd/atelier-bench -smoke) >"$log" 2>&1; then
        cat "$log"; echo "bench-smoke: the bench no longer runs (see above)" >&2; exit 1
    fi
    echo "bench-smoke: every scenario ran"

# Redraw the storefront's editorial pictures (home hero, collection cards, shop banners) into
# storefront/public/editorial and their manifest, storefront/app/lib/editorial.gen.json; commit
# both. Not part of `just gen`'s drift check: the AVIF and WebP encoders give the same bytes here
# today, but nothing promises it across their versions or machines.
editorial:
    cd backend && go run -tags nodynamic ./cmd/atelier-editorial

# Install what a fresh machine lacks (PostgreSQL binaries, docker-compose, Chromium, pinned tools).
setup:
    ./scripts/setup
