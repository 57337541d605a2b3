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
    cd backend && go test -race -count=1 ./...
    just storefront-test
    just e2e

# The storefront's type check and unit tests (Vitest).
storefront-test: setup
    cd storefront && npm run typecheck && npm test

# The Playwright journeys in Chromium against the whole stack, started on throw-away data.
e2e: setup
    cd e2e && npm run typecheck && npm test

# Lighthouse scores (performance, accessibility, best practices, SEO) of the production build.
lighthouse: setup
    cd e2e && npm run lighthouse

# Regenerate Go code, the storefront's TypeScript client and the OpenAPI document from proto/.
gen: setup
    cd proto && {{bin}}/buf lint && {{bin}}/buf generate
    cd backend && gofmt -l internal/gen | (! grep .)

# Fail when generated files differ from what `just gen` produces.
gen-check: gen
    #!/usr/bin/env bash
    set -euo pipefail
    if [ -n "$(git status --porcelain -- backend/internal/gen openapi backend/internal/apidocs/openapi.yaml storefront/app/gen)" ]; then
        git status --short -- backend/internal/gen openapi backend/internal/apidocs/openapi.yaml storefront/app/gen
        git --no-pager diff --stat -- backend/internal/gen openapi backend/internal/apidocs/openapi.yaml storefront/app/gen
        echo "generated code is out of date: run 'just gen' and commit the result" >&2
        exit 1
    fi
    echo "generated code is up to date"

# Static checks: proto lint and breaking changes, gofmt, go vet, golangci-lint, OpenAPI lint.
lint: setup
    cd proto && {{bin}}/buf lint
    just _breaking
    cd backend && test -z "$(gofmt -l $(git ls-files '*.go' | grep -v '^internal/gen/'))" || { gofmt -l . ; echo "gofmt needed" >&2; exit 1; }
    cd backend && go vet ./...
    cd backend && go tool -modfile=tools.mod golangci-lint run ./...
    {{bin}}/redocly lint --config openapi/redocly.yaml openapi/openapi.yaml

# buf breaking against main's last commit, when there is one to compare with.
_breaking:
    #!/usr/bin/env bash
    set -euo pipefail
    if git rev-parse -q --verify 'HEAD~0' >/dev/null && git cat-file -e HEAD:proto/buf.yaml 2>/dev/null; then
        cd proto && {{bin}}/buf breaking --against "../.git#ref=HEAD,subdir=proto"
    else
        echo "buf breaking: no earlier contract to compare with"
    fi

# Validate docker-compose.yml (no Docker engine needed).
compose-check: setup
    docker-compose -f docker-compose.yml config -q && echo "docker-compose.yml is valid"

# Measure the API against a bare net/http ceiling on 10 000 products.
bench: setup
    cd backend && go run ./cmd/atelier-bench

# Install what a fresh machine lacks (PostgreSQL binaries, docker-compose, Chromium, pinned tools).
setup:
    ./scripts/setup
