package pgserver

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

// account is the unprivileged user initdb and postgres run as when we are
// root. Both refuse to run as root, and CI runs tests as root.
type account struct {
	name   string
	uid    int
	gid    int
	groups []int // every group the user belongs to, primary included
}

// serverAccount returns nil when we are not root: then the server simply runs
// as us. As root it prefers the postgres system user that the distribution
// packages create, falling back to nobody.
func serverAccount() (*account, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	var errs []error
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		return newAccount(u)
	}
	return nil, fmt.Errorf("running as root, and PostgreSQL refuses to: found no unprivileged user to run it as: %v", errs)
}

func newAccount(u *user.User) (*account, error) {
	uid, err := strconv.Atoi(u.Uid)
	if err != nil {
		return nil, fmt.Errorf("user %s: uid %q: %w", u.Username, u.Uid, err)
	}
	gid, err := strconv.Atoi(u.Gid)
	if err != nil {
		return nil, fmt.Errorf("user %s: gid %q: %w", u.Username, u.Gid, err)
	}
	a := &account{name: u.Username, uid: uid, gid: gid, groups: []int{gid}}
	ids, _ := u.GroupIds() // best effort: without them we only add o+x more often
	for _, id := range ids {
		if g, err := strconv.Atoi(id); err == nil && !slices.Contains(a.groups, g) {
			a.groups = append(a.groups, g)
		}
	}
	return a, nil
}

// credential is what the child processes are started with; nil when a is.
func (a *account) credential() *syscall.Credential {
	if a == nil {
		return nil
	}
	groups := make([]uint32, len(a.groups))
	for i, g := range a.groups {
		groups[i] = uint32(g)
	}
	return &syscall.Credential{Uid: uint32(a.uid), Gid: uint32(a.gid), Groups: groups}
}

// own hands dir to the account, which must create pgdata, the socket and its
// lock file in it. A no-op when we are not root.
func (a *account) own(dir string, logger *slog.Logger) error {
	if a == nil {
		return nil
	}
	if err := os.Chown(dir, a.uid, a.gid); err != nil {
		return err
	}
	return a.makeReachable(dir, logger)
}

// makeReachable makes sure the account can traverse every ancestor of dir.
//
// The cluster directory often sits under a root-only parent: /root, or the
// 0700 directory that t.TempDir and os.MkdirTemp create. Moving the data
// elsewhere would surprise the caller who chose Dir, and a socket directory
// elsewhere would not help since postgres must reach pgdata too. So we add
// o+x, and only that, to the parents that need it: it lets others pass
// through to names they already know but not list or read anything, which
// is the smallest change that works.
func (a *account) makeReachable(dir string, logger *slog.Logger) error {
	for p := filepath.Dir(dir); ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		if !a.canSearch(fi) {
			keep := os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky
			if err := os.Chmod(p, fi.Mode()&keep|0o001); err != nil {
				return fmt.Errorf("let user %s traverse %s: %w", a.name, p, err)
			}
			logger.Info("added o+x so that the postgres process can reach its directory", "dir", p, "user", a.name)
		}
		if p == filepath.Dir(p) {
			return nil
		}
	}
}

// canSearch applies the kernel's permission rules: only the first class
// that matches (owner, group, other) counts.
func (a *account) canSearch(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return true // cannot tell; let postgres report it
	}
	perm := fi.Mode().Perm()
	switch {
	case int(st.Uid) == a.uid:
		return perm&0o100 != 0
	case slices.Contains(a.groups, int(st.Gid)):
		return perm&0o010 != 0
	default:
		return perm&0o001 != 0
	}
}
