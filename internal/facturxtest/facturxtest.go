// Package facturxtest checks e-invoices the way the e-invoicing world
// does, so that tests hold Paprika's Factur-X output to the official
// validators and not to our own reading of the specification: the Factur-X
// XSD of the invoice's profile (libxml2's xmllint), the profile's Factur-X
// Schematron, and the CEN's EN 16931 Schematron for the profiles whose
// invoices are EN 16931 invoices (both XSLT, run by Saxon-HE).
//
// The artefacts are data files kept in
// internal/render/testdata/facturx/validation, with their licences and
// where they come from (its README.md).
package facturxtest

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// saxonJar is where Debian's libsaxonhe-java puts Saxon-HE.
const saxonJar = "/usr/share/java/Saxon-HE.jar"

// en16931 is the CEN's XSLT of the EN 16931 rules for CII, within
// validationDir.
const en16931 = "en16931-cii/EN16931-CII-validation.xslt"

// profile is what validates the invoices of one Factur-X profile: its
// XSD, its own Schematron (when the Factur-X package has one that accepts
// the profile's invoices), and whether the CEN's EN 16931 rules apply.
type profile struct {
	xsd, schematron string
	en16931         bool
}

// profiles follows the Factur-X 1.0 specification: MINIMUM and BASIC WL
// are not EN 16931 invoices (no lines, no full VAT breakdown), so only
// their XSD and Schematron apply; BASIC and EN 16931 are EN 16931 invoices,
// EXTENDED extends one (conformant). XRECHNUNG is an EN 16931 invoice with
// the German CIUS: the EN 16931 XSD and the CEN's rules; the Factur-X
// EN 16931 Schematron rejects its specification identifier, which is not
// Factur-X's.
var profiles = map[string]profile{
	"MINIMUM":   {"facturx/minimum/Factur-X_MINIMUM.xsd", "facturx/minimum/Factur-X_1.09_MINIMUM.xsl", false},
	"BASIC WL":  {"facturx/basicwl/Factur-X_BASICWL.xsd", "facturx/basicwl/Factur-X_1.09_BASICWL.xsl", false},
	"BASIC":     {"facturx/basic/Factur-X_BASIC.xsd", "facturx/basic/Factur-X_1.09_BASIC.xsl", true},
	"EN 16931":  {"facturx/en16931/Factur-X_EN16931.xsd", "facturx/en16931/Factur-X_1.09_EN16931.xsl", true},
	"EXTENDED":  {"facturx/extended/Factur-X_EXTENDED.xsd", "facturx/extended/Factur-X_1.09_EXTENDED.xsl", true},
	"XRECHNUNG": {"facturx/en16931/Factur-X_EN16931.xsd", "", true},
}

// ValidationDir is the directory of the validation artefacts.
func ValidationDir(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("facturxtest: cannot find its own source file")
	}
	return filepath.Join(filepath.Dir(file), "..", "render", "testdata", "facturx", "validation")
}

// Validate fails t with every error the validators of profile find in
// doc, a CII invoice.
func Validate(t testing.TB, doc []byte, profile string) {
	t.Helper()
	if errs := Errors(t, doc, profile); len(errs) > 0 {
		t.Fatalf("the %s invoice does not pass the official validators:\n  %s\nthe invoice:\n%s",
			profile, strings.Join(errs, "\n  "), doc)
	}
}

// Errors returns what the validators of profile find wrong in doc: each
// XSD error, and each Schematron assertion failed with flag "fatal" or no
// flag (warnings are not errors). A missing validator fails t with the
// command that installs it.
func Errors(t testing.TB, doc []byte, profileName string) []string {
	t.Helper()
	p, ok := profiles[profileName]
	if !ok {
		t.Fatalf("facturxtest: no validators for profile %q", profileName)
	}
	dir := ValidationDir(t)
	in := filepath.Join(t.TempDir(), "invoice.xml")
	if err := os.WriteFile(in, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	errs := xsdErrors(t, in, filepath.Join(dir, p.xsd))
	var schematrons []string
	if p.schematron != "" {
		schematrons = append(schematrons, p.schematron)
	}
	if p.en16931 {
		schematrons = append(schematrons, en16931)
	}
	for _, s := range schematrons {
		for _, e := range schematronErrors(t, in, filepath.Join(dir, s)) {
			errs = append(errs, filepath.Base(s)+": "+e)
		}
	}
	return errs
}

// xsdErrors validates the file in against the schema xsd with xmllint.
func xsdErrors(t testing.TB, in, xsd string) []string {
	t.Helper()
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Fatal("xmllint is needed: scripts/install-deps.sh test (apt-get install -y libxml2-utils)")
	}
	out, err := exec.CommandContext(t.Context(), "xmllint", "--noout", "--nonet", "--schema", xsd, in).CombinedOutput()
	if err == nil {
		return nil
	}
	var errs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasSuffix(line, " fails to validate") {
			continue
		}
		errs = append(errs, filepath.Base(xsd)+": "+strings.TrimPrefix(line, in+":"))
	}
	if len(errs) == 0 {
		errs = append(errs, fmt.Sprintf("%s: xmllint: %v", filepath.Base(xsd), err))
	}
	return errs
}

// svrl is the part of a Schematron report (SVRL) that says what failed.
type svrl struct {
	Failed []struct {
		ID       string `xml:"id,attr"`
		Flag     string `xml:"flag,attr"`
		Location string `xml:"location,attr"`
		Text     string `xml:"text"`
	} `xml:"failed-assert"`
}

// namespaceTest is the predicate of each step of an SVRL location, which
// names the namespace of an element already known by its prefix.
var namespaceTest = regexp.MustCompile(`\[namespace-uri\(\)='[^']*'\]`)

// saxonSlots bounds the Saxon processes a test binary runs at once: the
// profiles' tests run in parallel, and more JVMs than a small machine's
// cores only share them slower.
var saxonSlots = make(chan struct{}, 2)

// schematronErrors runs the Schematron compiled to xslt on the file in
// with Saxon-HE, and returns the errors of its report.
func schematronErrors(t testing.TB, in, xslt string) []string {
	t.Helper()
	java, err := exec.LookPath("java")
	if err != nil {
		t.Fatal("java is needed: scripts/install-deps.sh test (apt-get install -y default-jre-headless)")
	}
	if _, err := os.Stat(saxonJar); err != nil {
		t.Fatal("Saxon-HE is needed: scripts/install-deps.sh test (apt-get install -y libsaxonhe-java)")
	}
	report := filepath.Join(t.TempDir(), "report.svrl")
	// A run is short: the JIT's first tier and the serial collector take
	// less than half the CPU of the defaults (5.6 s against 2.2 s for
	// the EXTENDED Schematron), the same report. Without -Xmx the JVM
	// grows its heap to 2.2 GB for that Schematron; under 512 MiB it
	// peaks at 220 MB, as fast.
	saxonSlots <- struct{}{}
	defer func() { <-saxonSlots }()
	cmd := exec.CommandContext(t.Context(), java, "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", saxonJar, "net.sf.saxon.Transform",
		"-s:"+in, "-xsl:"+xslt, "-o:"+report)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("Saxon failed on %s: %v\n%s", filepath.Base(xslt), err, out)
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var r svrl
	if err := xml.Unmarshal(b, &r); err != nil {
		t.Fatalf("the report of %s is not SVRL: %v", filepath.Base(xslt), err)
	}
	var errs []string
	for _, f := range r.Failed {
		if f.Flag != "" && f.Flag != "fatal" {
			continue
		}
		at := namespaceTest.ReplaceAllString(f.Location, "")
		errs = append(errs, fmt.Sprintf("[%s] %s (at %s)", f.ID, strings.Join(strings.Fields(f.Text), " "), at))
	}
	return errs
}

// Attachments returns the files embedded in the PDF doc, by name, as
// poppler's pdfdetach saves them.
func Attachments(t testing.TB, doc []byte) map[string][]byte {
	t.Helper()
	if _, err := exec.LookPath("pdfdetach"); err != nil {
		t.Fatal("pdfdetach is needed: scripts/install-deps.sh test (apt-get install -y poppler-utils)")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "doc.pdf")
	if err := os.WriteFile(in, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "files")
	if err := os.Mkdir(out, 0o700); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.CommandContext(t.Context(), "pdfdetach", "-saveall", "-o", out, in).CombinedOutput(); err != nil {
		t.Fatalf("pdfdetach: %v: %s", err, b)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	return files
}

// ValidatePDF finds the invoice embedded in the PDF doc under name, as
// pdfdetach extracts it, and validates it as profile.
func ValidatePDF(t testing.TB, doc []byte, name, profile string) []byte {
	t.Helper()
	files := Attachments(t, doc)
	inv, ok := files[name]
	if !ok {
		names := make([]string, 0, len(files))
		for n := range files {
			names = append(names, n)
		}
		t.Fatalf("the PDF embeds no %s; it embeds %q", name, names)
	}
	if !bytes.Contains(inv, []byte("CrossIndustryInvoice")) {
		t.Fatalf("%s is not a CII invoice:\n%s", name, inv)
	}
	Validate(t, inv, profile)
	return inv
}
