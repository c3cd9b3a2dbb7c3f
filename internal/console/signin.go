package console

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/paprikahq/paprika/internal/api"
	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/secrets"
)

// loginCookie holds the sign-in form's CSRF token (a double submit): there
// is no session yet to hold it.
const loginCookie = "paprika_console_login"

type signInPage struct {
	CSRF    string
	Message string
	Ended   bool
	Next    string // the console page to go back to
}

// index sends a browser to its session's home, or to sign in.
func (c *Console) index(w http.ResponseWriter, r *http.Request) {
	s, err := c.session(r)
	if err != nil {
		c.fail(w, r, nil, err)
		return
	}
	if s == nil {
		http.Redirect(w, r, "/console/signin", http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, home(s), http.StatusSeeOther)
}

func (c *Console) signInForm(w http.ResponseWriter, r *http.Request) {
	c.showSignIn(w, r, http.StatusOK, "")
}

func (c *Console) showSignIn(w http.ResponseWriter, r *http.Request, status int, message string) {
	token := randomString(24)
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: token, Path: "/console/signin", MaxAge: 3600,
		HttpOnly: true, Secure: secure(r), SameSite: http.SameSiteStrictMode})
	next := safeNext(r.URL.Query().Get("next"))
	if next == "" {
		next = safeNext(r.PostFormValue("next"))
	}
	c.render(w, r, nil, status, "signin", "", signInPage{CSRF: token, Message: message, Ended: r.URL.Query().Get("ended") == "1", Next: next})
}

// signIn checks the typed key or admin token with the API and starts a
// session holding who it is, never the secret. The answer is a redirect:
// the secret is not written back into any page.
func (c *Console) signIn(w http.ResponseWriter, r *http.Request) {
	headers(w)
	body, release := c.cfg.Bodies.Body(w, r, 64<<10)
	defer release()
	r.Body = body
	ck, err := r.Cookie(loginCookie)
	formToken := r.PostFormValue(csrfField)
	if api.BodyRefused(body) {
		w.Header().Set("Retry-After", "1")
		c.showSignIn(w, r, http.StatusServiceUnavailable, errBodiesBusy().Message)
		return
	}
	if err != nil || formToken == "" || !secrets.Equal(ck.Value, formToken) {
		c.showSignIn(w, r, http.StatusForbidden, "Forbidden: the sign-in form's CSRF token is missing or wrong. Try again.")
		return
	}
	addr := clientAddr(r)
	if wait := c.throttle.wait(addr); wait > 0 {
		secs := int(wait/time.Second) + 1
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		c.showSignIn(w, r, http.StatusTooManyRequests, fmt.Sprintf("Too many failed sign-ins from your address: try again in %d s.", secs))
		return
	}
	secret := strings.TrimSpace(r.PostFormValue("secret"))
	id, err := c.cfg.Identify(r.Context(), secret)
	if err != nil {
		switch paprika.ErrorCode(err) {
		case paprika.CodeUnauthorized:
			c.throttle.failed(addr)
			c.showSignIn(w, r, http.StatusUnauthorized, "Unauthorized: that is neither a live tenant key nor the admin token.")
		case paprika.CodeForbidden:
			c.showSignIn(w, r, http.StatusForbidden, err.Error())
		default:
			c.fail(w, r, nil, err)
		}
		return
	}
	token, err := c.sessions.create(r.Context(), id)
	if err != nil {
		c.fail(w, r, nil, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: "", Path: "/console/signin", MaxAge: -1,
		HttpOnly: true, Secure: secure(r), SameSite: http.SameSiteStrictMode})
	c.setCookie(w, r, token, 0)
	to := "/console/templates"
	if id.Admin {
		to = "/console/admin/tenants"
	}
	if next := safeNext(r.PostFormValue("next")); next != "" {
		to = next // where the ended session left off; the guard sends a wrong audience home
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// signOut ends the session.
func (c *Console) signOut(w http.ResponseWriter, r *http.Request, s *session) error {
	if err := c.sessions.end(r.Context(), s); err != nil {
		return err
	}
	c.setCookie(w, r, "", -1)
	http.Redirect(w, r, "/console/signin", http.StatusSeeOther)
	return nil
}
