package console

import (
	"errors"
	"net/http"

	"github.com/paprikahq/paprika/internal/secrets"
)

const (
	cookieName = "paprika_console"
	cookiePath = "/console/"
	// csrfField and csrfHeader carry the session's CSRF token: forms in a
	// hidden field, the playground's fetch in a header.
	csrfField  = "csrf"
	csrfHeader = "X-CSRF-Token"
	// csp is every console page's policy: nothing but the console's own
	// files; no inline script or style.
	csp = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'"
)

// pageFunc is a console handler for a signed-in session; its error is
// shown by fail.
type pageFunc func(w http.ResponseWriter, r *http.Request, s *session) error

// who a route is for.
type audience int

const (
	forTenant audience = iota
	forAdmin
	forAnyone
)

// secure tells whether the browser reached us over TLS, directly or through
// a proxy that says so (a false claim only adds Secure to the cookie).
func secure(r *http.Request) bool {
	return r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https"
}

// headers sets what every console answer carries.
func headers(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cache-Control", "no-store")
}

func (c *Console) setCookie(w http.ResponseWriter, r *http.Request, value string, maxAge int) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: value, Path: cookiePath, MaxAge: maxAge,
		HttpOnly: true, Secure: secure(r), SameSite: http.SameSiteStrictMode})
}

// session returns the request's live session, or nil.
func (c *Console) session(r *http.Request) (*session, error) {
	ck, err := r.Cookie(cookieName)
	if err != nil || ck.Value == "" {
		return nil, nil
	}
	return c.sessions.get(r.Context(), ck.Value)
}

// validCSRF checks the token of a state-changing request against the
// session's, in constant time.
func validCSRF(r *http.Request, wantToken string) bool {
	gotToken := r.Header.Get(csrfHeader)
	if gotToken == "" {
		gotToken = r.PostFormValue(csrfField)
	}
	return gotToken != "" && secrets.Equal(gotToken, wantToken)
}

// guard wraps h: the console's headers, a bounded body, a live session of
// the right audience, and the CSRF token on every request that is not a
// GET or HEAD.
func (c *Console) guard(who audience, h pageFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		headers(w)
		r.Body = http.MaxBytesReader(w, r.Body, c.cfg.MaxRequestBytes)
		s, err := c.session(r)
		if err != nil {
			c.fail(w, r, nil, err)
			return
		}
		safe := r.Method == http.MethodGet || r.Method == http.MethodHead
		if s == nil {
			if safe {
				http.Redirect(w, r, "/console/signin", http.StatusSeeOther)
				return
			}
			c.fail(w, r, nil, &apiError{Status: http.StatusUnauthorized, Message: "Your session has ended: sign in again."})
			return
		}
		if !safe && !validCSRF(r, s.CSRF) {
			c.fail(w, r, s, &apiError{Status: http.StatusForbidden, Message: "Forbidden: the CSRF token is missing or wrong. Reload the page and try again."})
			return
		}
		if (who == forTenant && s.Admin()) || (who == forAdmin && !s.Admin()) {
			if safe {
				http.Redirect(w, r, home(s), http.StatusSeeOther)
				return
			}
			c.fail(w, r, s, &apiError{Status: http.StatusForbidden, Message: "Forbidden: this is not for your session."})
			return
		}
		if err := h(w, r, s); err != nil {
			c.fail(w, r, s, err)
		}
	}
}

// home is where a session starts.
func home(s *session) string {
	if s.Admin() {
		return "/console/admin/tenants"
	}
	return "/console/templates"
}

// fail shows an error: the API's own message at its status, or, for
// anything else, a generic page with the error logged. An API 401 means the
// session's key was revoked (or the admin token changed): the session ends
// there and then.
func (c *Console) fail(w http.ResponseWriter, r *http.Request, s *session, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			ae = &apiError{Status: http.StatusRequestEntityTooLarge, Message: "Payload too large: the form is over the console's limit."}
		} else {
			c.log.ErrorContext(r.Context(), "console error", "method", r.Method, "path", r.URL.Path, "err", err)
			ae = &apiError{Status: http.StatusInternalServerError, Message: "Internal error: it has been logged."}
		}
	}
	if ae.Status == http.StatusUnauthorized && s != nil {
		if err := c.sessions.end(r.Context(), s); err != nil {
			c.log.ErrorContext(r.Context(), "console: end session", "err", err)
		}
		c.setCookie(w, r, "", -1)
		s = nil
	}
	if ae.Status == http.StatusUnauthorized && r.Method == http.MethodGet {
		http.Redirect(w, r, "/console/signin?ended=1", http.StatusSeeOther)
		return
	}
	c.render(w, r, s, ae.Status, "error", "", ae)
}
