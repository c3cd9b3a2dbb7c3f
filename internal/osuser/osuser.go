// Package osuser finds the unprivileged user a child process runs as when
// Paprika runs as root, and hands that user the directories it needs.
// PostgreSQL refuses to run as root, and Chromium's sandbox must not: both
// start as such a user (internal/pgserver, internal/render/chromium).
package osuser

import (
	"fmt"
	"log/slog"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
)

// Account is an unprivileged user a child process runs as. A nil *Account
// means "as we are": its methods are then no-ops.
type Account struct {
	Name   string
	UID    int
	GID    int
	Groups []int // every group the user belongs to, primary included
}

// ForRoot returns nil when we are not root: then the child simply runs as
// us. As root it returns the first of names that exists, and an error naming
// them all when none does.
func ForRoot(names ...string) (*Account, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	return Lookup(names...)
}

// Lookup returns the first of names that exists as a user.
func Lookup(names ...string) (*Account, error) {
	var errs []error
	for _, name := range names {
		u, err := user.Lookup(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		return newAccount(u)
	}
	return nil, fmt.Errorf("found no unprivileged user to run it as (tried %v): %v", names, errs)
}

func newAccount(u *user.User) (*Account, error) {
	uid, err := strconv.Atoi(u.Uid)
	if err != nil {
		return nil, fmt.Errorf("user %s: uid %q: %w", u.Username, u.Uid, err)
	}
	gid, err := strconv.Atoi(u.Gid)
	if err != nil {
		return nil, fmt.Errorf("user %s: gid %q: %w", u.Username, u.Gid, err)
	}
	if uid == 0 {
		return nil, fmt.Errorf("user %s has uid 0", u.Username)
	}
	a := &Account{Name: u.Username, UID: uid, GID: gid, Groups: []int{gid}}
	ids, _ := u.GroupIds() // best effort: without them we only add o+x more often
	for _, id := range ids {
		if g, err := strconv.Atoi(id); err == nil && !slices.Contains(a.Groups, g) {
			a.Groups = append(a.Groups, g)
		}
	}
	return a, nil
}

// Credential is what the child processes are started with; nil when a is.
func (a *Account) Credential() *syscall.Credential {
	if a == nil {
		return nil
	}
	groups := make([]uint32, len(a.Groups))
	for i, g := range a.Groups {
		groups[i] = uint32(g)
	}
	return &syscall.Credential{Uid: uint32(a.UID), Gid: uint32(a.GID), Groups: groups}
}

// Own hands dir to the account and makes sure it can reach it. A no-op
// when a is nil.
func (a *Account) Own(dir string, logger *slog.Logger) error {
	if a == nil {
		return nil
	}
	if err := os.Chown(dir, a.UID, a.GID); err != nil {
		return err
	}
	return a.MakeReachable(dir, logger)
}

// MakeReachable makes sure the account can traverse every ancestor of dir.
//
// A directory often sits under a root-only parent: /root, or the 0700
// directory that t.TempDir and os.MkdirTemp create. Moving it elsewhere
// would surprise the caller who chose it, so we add o+x, and only that, to
// the parents that need it: it lets others pass through to names they
// already know but not list or read anything, which is the smallest change
// that works.
func (a *Account) MakeReachable(dir string, logger *slog.Logger) error {
	if a == nil {
		return nil
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	for p := filepath.Dir(dir); ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		if !a.canSearch(fi) {
			keep := os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky
			if err := os.Chmod(p, fi.Mode()&keep|0o001); err != nil {
				return fmt.Errorf("let user %s traverse %s: %w", a.Name, p, err)
			}
			logger.Info("added o+x so that an unprivileged process can reach its directory", "dir", p, "user", a.Name)
		}
		if p == filepath.Dir(p) {
			return nil
		}
	}
}

// canSearch applies the kernel's permission rules: only the first class
// that matches (owner, group, other) counts.
func (a *Account) canSearch(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return true // cannot tell; let the child report it
	}
	perm := fi.Mode().Perm()
	switch {
	case int(st.Uid) == a.UID:
		return perm&0o100 != 0
	case slices.Contains(a.Groups, int(st.Gid)):
		return perm&0o010 != 0
	default:
		return perm&0o001 != 0
	}
}
