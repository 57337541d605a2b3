package db

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

// MigrateJobs applies River's own migrations (the job queue's tables) to pool, which is the jobs
// database: JOBS_DATABASE_URL when the store runs on CockroachDB (River supports PostgreSQL only),
// else the store's database. It lives here rather than in the jobs package so that dbtest can
// prepare its template without linking the workers. It returns the versions it applied.
func MigrateJobs(ctx context.Context, pool *pgxpool.Pool) ([]int, error) {
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return nil, fmt.Errorf("db.MigrateJobs: %w", err)
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return nil, fmt.Errorf("db.MigrateJobs: %w", err)
	}
	applied := make([]int, 0, len(res.Versions))
	for _, v := range res.Versions {
		applied = append(applied, v.Version)
	}
	return applied, nil
}
