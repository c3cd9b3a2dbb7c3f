package console

import "net/http"

// routes holds every route of the console (one function, as the API's).
func (c *Console) routes() http.Handler {
	mux := http.NewServeMux()
	static := c.assets()
	mux.Handle("GET /console/static/", static)
	// The icon, where browsers ask for it whatever the page links.
	favicon := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r2 := r.Clone(r.Context())
		r2.URL.Path = "/console/static/favicon.svg"
		static.ServeHTTP(w, r2)
	})
	mux.Handle("GET /console/favicon.ico", favicon)
	mux.Handle("GET /favicon.ico", favicon)
	mux.HandleFunc("GET /console/{$}", c.index)
	mux.HandleFunc("GET /console", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/console/", http.StatusMovedPermanently)
	})
	mux.HandleFunc("GET /console/signin", c.signInForm)
	mux.HandleFunc("POST /console/signin", c.signIn)
	mux.HandleFunc("POST /console/signout", c.guard(forAnyone, c.signOut))

	mux.HandleFunc("GET /console/templates", c.guard(forTenant, c.templatesList))
	mux.HandleFunc("GET /console/templates/new", c.guard(forTenant, c.templateNew))
	mux.HandleFunc("POST /console/templates", c.guard(forTenant, c.templateCreate))
	mux.HandleFunc("GET /console/templates/{id}", c.guard(forTenant, c.templateEdit))
	mux.HandleFunc("POST /console/templates/{id}", c.guard(forTenant, c.templateUpdate))
	mux.HandleFunc("POST /console/templates/{id}/delete", c.guard(forTenant, c.templateDelete))
	mux.HandleFunc("POST /console/templates/{id}/submit", c.guard(forTenant, c.templateSubmit))
	mux.HandleFunc("POST /console/templates/{id}/restore", c.guard(forTenant, c.templateRestore))
	mux.HandleFunc("GET /console/templates/{id}/compare", c.guard(forTenant, c.templateCompare))
	mux.HandleFunc("POST /console/preview", c.guardJSON(forTenant, c.preview))
	mux.HandleFunc("GET /console/previews/{id}", c.guard(forTenant, c.previewShow))

	mux.HandleFunc("GET /console/assets", c.guard(forTenant, c.assetsList))
	mux.HandleFunc("POST /console/assets", c.guardLimit(forTenant, uploadLimit, c.assetUpload))
	mux.HandleFunc("POST /console/assets/delete", c.guard(forTenant, c.assetDelete))

	mux.HandleFunc("GET /console/jobs", c.guard(forTenant, c.jobsList))
	mux.HandleFunc("GET /console/jobs/{id}", c.guard(forTenant, c.jobShow))
	mux.HandleFunc("POST /console/jobs/{id}/cancel", c.guard(forTenant, c.jobCancel))
	mux.HandleFunc("GET /console/jobs/{id}/output", c.guard(forTenant, c.jobOutput))
	mux.HandleFunc("GET /console/batches", c.guard(forTenant, c.batchesList))
	mux.HandleFunc("GET /console/batches/{id}", c.guard(forTenant, c.batchShow))
	mux.HandleFunc("POST /console/batches/{id}/cancel", c.guard(forTenant, c.batchCancel))
	mux.HandleFunc("GET /console/batches/{id}/output", c.guard(forTenant, c.batchOutput))
	mux.HandleFunc("GET /console/batches/{id}/records/{index}/output", c.guard(forTenant, c.recordOutput))
	mux.HandleFunc("GET /console/usage", c.guard(forTenant, c.usageShow))

	mux.HandleFunc("GET /console/admin/tenants", c.guard(forAdmin, c.tenantsList))
	mux.HandleFunc("POST /console/admin/tenants", c.guard(forAdmin, c.tenantCreate))
	mux.HandleFunc("GET /console/admin/tenants/{id}", c.guard(forAdmin, c.tenantShow))
	mux.HandleFunc("POST /console/admin/tenants/{id}", c.guard(forAdmin, c.tenantUpdate))
	mux.HandleFunc("POST /console/admin/tenants/{id}/suspend", c.guard(forAdmin, c.tenantSuspend))
	mux.HandleFunc("POST /console/admin/tenants/{id}/delete", c.guard(forAdmin, c.tenantDelete))
	mux.HandleFunc("POST /console/admin/tenants/{id}/keys", c.guard(forAdmin, c.keyCreate))
	mux.HandleFunc("POST /console/admin/tenants/{id}/keys/{keyId}/revoke", c.guard(forAdmin, c.keyRevoke))
	mux.HandleFunc("POST /console/admin/tenants/{id}/webhook-secret", c.guard(forAdmin, c.webhookRotate))
	mux.HandleFunc("GET /console/admin/scheduler", c.guard(forAdmin, c.schedulerShow))
	mux.HandleFunc("GET /console/admin/scheduler/samples", c.guard(forAdmin, c.schedulerSamples))
	mux.HandleFunc("GET /console/admin/usage", c.guard(forAdmin, c.adminUsageShow))

	mux.HandleFunc("/console/", func(w http.ResponseWriter, r *http.Request) {
		s, _ := c.session(r)
		c.render(w, r, s, http.StatusNotFound, "error", "", &apiError{Status: http.StatusNotFound, Message: "Not found: no such page."})
	})
	return mux
}
