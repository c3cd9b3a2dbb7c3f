package office

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/paprikahq/paprika/internal/osuser"
)

// registry is the profile's registrymodifications.xcu: what LibreOffice
// would otherwise ask a person, answered once for every process.
//
//   - Macros never run: the highest security level (only signed macros
//     from trusted sources, and none is trusted) and macro execution
//     disabled outright. Convert also loads with MacroExecutionMode
//     NEVER_EXECUTE.
//   - Nothing is fetched: untrusted referer links are blocked and links
//     are never updated on load (Writer: 0 never; Calc: 1 never). The
//     process has no network besides (sandbox.go).
//   - No first-start wizard, no update checks, no recovery data written.
const registry = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Setup/Office"><prop oor:name="ooSetupInstCompleted" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="ShowTipOfTheDay" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job['UpdateCheck']/Arguments"><prop oor:name="AutoCheckEnabled" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Recovery/AutoSave"><prop oor:name="Enabled" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Recovery/RecoveryInfo"><prop oor:name="Enabled" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`

// writeProfile makes a fresh LibreOffice profile under dir/profile holding
// only the registry above, and hands it to acct. LibreOffice fills in the
// rest when it starts.
func writeProfile(dir string, acct *osuser.Account) (string, error) {
	profile := filepath.Join(dir, "profile")
	user := filepath.Join(profile, "user")
	if err := os.MkdirAll(user, 0o700); err != nil {
		return "", err
	}
	xcu := filepath.Join(user, "registrymodifications.xcu")
	if err := os.WriteFile(xcu, []byte(registry), 0o600); err != nil {
		return "", err
	}
	if acct != nil {
		for _, p := range []string{profile, user, xcu} {
			if err := os.Chown(p, acct.UID, acct.GID); err != nil {
				return "", err
			}
		}
	}
	return profile, nil
}

// makeTemplate starts LibreOffice once on a fresh profile and keeps that
// profile, as LibreOffice left it, as the template every process's profile
// is copied from: a process on a made profile starts in about half the
// time (LibreOffice does not make it and start again). No document is ever
// opened in it.
func (e *Engine) makeTemplate(ctx context.Context) error {
	p, err := e.start(ctx)
	if err != nil {
		return err
	}
	defer os.RemoveAll(p.dir)
	p.shutdown(30 * time.Second)
	template := filepath.Join(e.dir, "template")
	if err := os.Rename(filepath.Join(p.dir, "profile"), template); err != nil {
		return fmt.Errorf("keeping LibreOffice's profile as the template: %w", err)
	}
	e.template = template
	return nil
}

// newProfile makes the profile of a process starting in dir: a copy of the
// template once there is one, else a fresh one.
func (e *Engine) newProfile(dir string) (string, error) {
	if e.template == "" {
		return writeProfile(dir, e.acct)
	}
	profile := filepath.Join(dir, "profile")
	if err := os.CopyFS(profile, os.DirFS(e.template)); err != nil {
		return "", fmt.Errorf("copying the template profile: %w", err)
	}
	if e.acct == nil {
		return profile, nil
	}
	return profile, filepath.WalkDir(profile, func(path string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, e.acct.UID, e.acct.GID)
	})
}
