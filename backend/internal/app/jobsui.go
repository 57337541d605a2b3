package app

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/atelier-commerce/atelier/backend/internal/api"
	"riverqueue.com/riverui"
)

// jobsUIPath is where River's own UI is served: the back office's jobs page, where an admin sees
// failed e-mails and image jobs and retries or cancels them.
const jobsUIPath = "/admin/jobs/"

// jobsUI is River's UI (pages, assets and its JSON API under jobsUIPath + "api/") over the job
// runner's client, for signed-in admins only (api.AdminOnly: bearer token or the back office's
// session cookie, and same-origin changes). River's UI answers its own API's errors in its own
// JSON shape, which its pages read; every refusal before it is reached is in the API's shape.
func (a *App) jobsUI() (http.Handler, error) {
	ui, err := riverui.NewHandler(&riverui.HandlerOpts{
		Endpoints: riverui.NewEndpoints(a.jobs.Client(), nil),
		Logger:    a.logger.With("component", "riverui"),
		Prefix:    jobsUIPath,
		// Job arguments name shoppers (e-mail addresses, order ids): shown on request only.
		JobListHideArgsByDefault: true,
	})
	if err != nil {
		return nil, fmt.Errorf("app.jobsUI: %w", err)
	}
	a.riverUI = ui
	return api.AdminOnly(a.authn, a.publicOrigin(), a.logger, ui)
}

// publicOrigin is the API's own origin, PUBLIC_URL's scheme and host (config checked both).
func (a *App) publicOrigin() string {
	u, err := url.Parse(a.cfg.PublicURL)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// startJobsUI starts the UI's background work (it keeps its job counts fresh) until ctx ends.
// Without it the UI still answers, counting afresh on each request.
func (a *App) startJobsUI(ctx context.Context) error {
	if a.riverUI == nil {
		return nil
	}
	if err := a.riverUI.Start(ctx); err != nil {
		return fmt.Errorf("app.startJobsUI: %w", err)
	}
	return nil
}
