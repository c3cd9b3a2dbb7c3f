package console

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/paprikahq/paprika/internal/api"
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
	return c.protect(who, c.cfg.MaxRequestBytes, h, c.fail)
}

// guardLimit is guard with a body limit of its own (an asset's upload).
func (c *Console) guardLimit(who audience, limit int64, h pageFunc) http.HandlerFunc {
	return c.protect(who, limit, h, c.fail)
}

// guardJSON is guard for what the page's script calls (the preview): every
// refusal is JSON, {"error": {where, message}}, never the HTML of a page the
// script cannot read. An ended session is where "session", status 401.
func (c *Console) guardJSON(who audience, h pageFunc) http.HandlerFunc {
	return c.protect(who, c.cfg.MaxRequestBytes, h, c.failJSON)
}

func (c *Console) protect(who audience, limit int64, h pageFunc, fail func(w http.ResponseWriter, r *http.Request, s *session, err error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		headers(w)
		body, release := c.cfg.Bodies.Body(w, r, limit)
		defer release()
		r.Body = body
		s, err := c.session(r)
		if err != nil {
			fail(w, r, nil, err)
			return
		}
		safe := r.Method == http.MethodGet || r.Method == http.MethodHead
		if s == nil {
			if safe {
				to := "/console/signin"
				if next := safeNext(r.URL.RequestURI()); next != "" {
					to += "?next=" + url.QueryEscape(next) // and back here once signed in
				}
				http.Redirect(w, r, to, http.StatusSeeOther)
				return
			}
			fail(w, r, nil, &apiError{Status: http.StatusUnauthorized, Message: "Your session has ended: sign in again."})
			return
		}
		if !safe && !validCSRF(r, s.CSRF) {
			if api.BodyRefused(body) {
				// The form was not read: the process reads too many bodies.
				w.Header().Set("Retry-After", "1")
				fail(w, r, s, errBodiesBusy())
				return
			}
			fail(w, r, s, &apiError{Status: http.StatusForbidden, Message: "Forbidden: the CSRF token is missing or wrong. Reload the page and try again."})
			return
		}
		if (who == forTenant && s.Admin()) || (who == forAdmin && !s.Admin()) {
			if safe {
				http.Redirect(w, r, home(s), http.StatusSeeOther)
				return
			}
			fail(w, r, s, &apiError{Status: http.StatusForbidden, Message: "Forbidden: this is not for your session."})
			return
		}
		if err := h(w, r, s); err != nil {
			fail(w, r, s, err)
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
		http.Redirect(w, r, "/console/signin?ended=1&next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
		return
	}
	if ae.Status == http.StatusUnauthorized {
		// A form posted after the session ended: sign in again and come
		// back to the page it was posted from (the playground keeps its
		// draft in the tab, docs/console.md).
		shown := *ae
		shown.SignIn = "/console/signin?ended=1"
		if next := refererPath(r); next != "" {
			shown.SignIn += "&next=" + url.QueryEscape(next)
		}
		ae = &shown
	}
	c.render(w, r, s, ae.Status, "error", "", ae)
}

// failJSON is fail for a script's request: the error as JSON. An API 401
// ends the session, as fail does.
func (c *Console) failJSON(w http.ResponseWriter, r *http.Request, s *session, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			ae = &apiError{Status: http.StatusRequestEntityTooLarge, Message: "Payload too large: the preview is over the console's limit."}
		} else {
			c.log.ErrorContext(r.Context(), "console error", "method", r.Method, "path", r.URL.Path, "err", err)
			ae = &apiError{Status: http.StatusInternalServerError, Message: "Internal error: it has been logged."}
		}
	}
	where := "request"
	if ae.Status == http.StatusUnauthorized {
		where = "session"
		if s != nil {
			if err := c.sessions.end(r.Context(), s); err != nil {
				c.log.ErrorContext(r.Context(), "console: end session", "err", err)
			}
			c.setCookie(w, r, "", -1)
		}
		ae = &apiError{Status: http.StatusUnauthorized, Message: "Your session has ended: sign in again. Your edit is kept in this tab."}
	}
	writeJSON(w, ae.Status, map[string]any{"error": previewError{Where: where, Message: ae.Message}})
}

// refererPath is the console page a form was posted from, when the browser
// says (Referrer-Policy same-origin) and it is one of ours.
func refererPath(r *http.Request) string {
	ref, err := url.Parse(r.Header.Get("Referer"))
	if err != nil || ref.Host != r.Host {
		return ""
	}
	return safeNext(ref.RequestURI())
}

// safeNext is next when it is a console page to go back to after signing
// in, else "".
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/console/") || strings.HasPrefix(next, "/console/signin") ||
		strings.ContainsAny(next, "\\\r\n") || strings.Contains(next, "//") {
		return ""
	}
	return next
}

// errBodiesBusy is the answer to a form the process had no room to read
// (api.BodyBudget).
func errBodiesBusy() *apiError {
	return &apiError{Status: http.StatusServiceUnavailable, Code: "busy", RetryAfter: "1",
		Message: "Busy: the server is receiving too many large bodies at once; try again shortly."}
}
