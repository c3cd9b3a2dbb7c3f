#!/usr/bin/env bash
# install-deps.sh: makes sure this machine has what Paprika needs, installing
# what is missing from Debian's packages. `make run` and `make test` call it.
#
#   scripts/install-deps.sh run    Go, PostgreSQL server binaries, Chromium, fonts, qpdf,
#                                  LibreOffice (Writer, Calc, Impress, headless) and
#                                  python3-uno, which converts Office files
#   scripts/install-deps.sh test   the same, plus pdftotext (poppler-utils), npx (npm), promtool (prometheus)
#                                  the barcode readers zbarimg (zbar-tools) and dmtxread (dmtx-utils),
#                                  woff2_compress (woff2), jq (docs/invoice.md's commands), and the
#                                  e-invoice validators xmllint (libxml2-utils) and Saxon-HE
#                                  (libsaxonhe-java, with a Java runtime)
#   scripts/install-deps.sh image  test's, plus podman, runc, catatonit and
#                                  debootstrap for `make image-test`
#
# It says nothing when nothing is missing. It installs with apt-get when it
# runs as root or has passwordless sudo; otherwise it prints the command to
# run and exits 1. PAPRIKA_SKIP_DEPS=1 skips every check (for machines set up
# by other means). With PAPRIKA_DATABASE_URL set, `run` does not need a local
# PostgreSQL.
set -euo pipefail

mode=${1:-run}
case $mode in
run | test | image) ;;
*)
	echo "usage: $0 [run|test|image]" >&2
	exit 2
	;;
esac

say() { printf '%s\n' "$*" >&2; }

if [[ ${PAPRIKA_SKIP_DEPS:-} == 1 ]]; then
	exit 0
fi

# --- Go -----------------------------------------------------------------

if ! command -v go >/dev/null 2>&1; then
	if [[ -x /usr/local/go/bin/go ]]; then
		say "Go is installed in /usr/local/go but not on PATH; add it with:"
		say "  export PATH=\$PATH:/usr/local/go/bin"
	else
		say "Paprika needs Go 1.26 or newer, and there is no 'go' on PATH."
		say "Install it from https://go.dev/dl/ (unpack into /usr/local/go), then:"
		say "  export PATH=\$PATH:/usr/local/go/bin"
	fi
	exit 1
fi
# Go 1.21 and newer fetch the toolchain go.mod asks for by themselves; older
# ones cannot build the module at all.
gover=$(go env GOVERSION 2>/dev/null || true)
if [[ $gover =~ ^go1\.([0-9]+) ]] && ((BASH_REMATCH[1] < 21)); then
	say "Paprika needs Go 1.26 or newer; this is $gover. Install a newer Go from https://go.dev/dl/"
	exit 1
fi

# --- what is there ------------------------------------------------------

# have_cmd: an executable NAME on PATH. (bash's `command -v` also answers
# with a file that is not executable when it finds nothing better.)
have_cmd() {
	local path
	path=$(command -v "$1" 2>/dev/null) && [[ -x $path && ! -d $path ]]
}

# installed reports whether dpkg knows the Debian package as installed.
installed() {
	have_cmd dpkg-query &&
		dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# have_postgres: initdb and postgres on PATH, or in Debian's per-version
# directory (which is not on PATH), where `paprika dev` and the tests look.
have_postgres() {
	if have_cmd initdb && have_cmd postgres; then
		return 0
	fi
	local dir
	for dir in /usr/lib/postgresql/*/bin; do
		if [[ -x $dir/initdb && -x $dir/postgres ]]; then
			return 0
		fi
	done
	return 1
}

have_chromium() {
	if [[ -n ${PAPRIKA_CHROMIUM:-} ]]; then
		if [[ -f $PAPRIKA_CHROMIUM && -x $PAPRIKA_CHROMIUM ]] || have_cmd "$PAPRIKA_CHROMIUM"; then
			return 0
		fi
		say "PAPRIKA_CHROMIUM is $PAPRIKA_CHROMIUM, which is not an executable program: fix it, or unset it to use the chromium on PATH."
		exit 1
	fi
	local name
	for name in chromium chromium-browser google-chrome; do
		if have_cmd "$name"; then
			return 0
		fi
	done
	return 1
}

fonts=""
if have_cmd fc-list; then
	fonts=$(fc-list : family 2>/dev/null || true)
fi
# have_font PACKAGE FAMILY: the package is installed, or fontconfig knows the
# family from elsewhere.
have_font() {
	installed "$1" || grep -qi -- "$2" <<<"$fonts"
}

chromium_package=chromium
if [[ -r /etc/os-release ]] && grep -qx 'ID=ubuntu' /etc/os-release; then
	chromium_package=chromium-browser # Ubuntu has no "chromium" package
fi

check() {
	missing=()
	if [[ $mode != run || -z ${PAPRIKA_DATABASE_URL:-} ]]; then
		have_postgres || missing+=(postgresql)
	fi
	have_chromium || missing+=("$chromium_package")
	have_font fonts-liberation 'Liberation' || missing+=(fonts-liberation)
	have_font fonts-dejavu-core 'DejaVu' || missing+=(fonts-dejavu-core)
	have_font fonts-noto-color-emoji 'Noto Color Emoji' || missing+=(fonts-noto-color-emoji)
	# Every script, not tofu: Chinese, Japanese, Korean; Arabic and Hebrew
	# (DejaVu Sans has them too; these are the serif faces); Devanagari; Thai.
	have_font fonts-noto-cjk 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
	have_font fonts-kacst-one 'KacstOne' || missing+=(fonts-kacst-one)
	have_font culmus 'Frank Ruehl CLM' || missing+=(culmus)
	have_font fonts-lohit-deva 'Lohit Devanagari' || missing+=(fonts-lohit-deva)
	have_font fonts-tlwg-loma-ttf 'Loma' || missing+=(fonts-tlwg-loma-ttf)
	# qpdf compresses and linearizes documents (options.pdf.compress and
	# linearize); the tests check PDFs' structure with it too.
	have_cmd qpdf || missing+=(qpdf)
	# LibreOffice converts Office files to PDF (internal/render/office),
	# driven over UNO by Debian's Python 3 (python3-uno).
	installed libreoffice-writer-nogui || missing+=(libreoffice-writer-nogui)
	installed libreoffice-calc-nogui || missing+=(libreoffice-calc-nogui)
	installed libreoffice-impress-nogui || missing+=(libreoffice-impress-nogui)
	installed python3-uno || missing+=(python3-uno)
	if [[ $mode != run ]]; then
		have_cmd pdftotext || missing+=(poppler-utils)
		# openssl cms -verify checks signed PDFs' CMS (internal/certtest);
		# pdfsig, their other checker, is in poppler-utils.
		have_cmd openssl || missing+=(openssl)
		# npx runs Redocly CLI, the lint of docs/openapi.yaml (docs/openapi_lint_test.go);
		# node and npm also run ZXing, the PDF417 and Aztec reader (internal/render/barcode_test.go).
		have_cmd npx || missing+=(npm)
		# The barcode readers of internal/render/barcode_test.go.
		have_cmd zbarimg || missing+=(zbar-tools)
		have_cmd dmtxread || missing+=(dmtx-utils)
		# woff2_compress makes the WOFF2 font the assets tests upload
		# (internal/assettest), from DejaVu Serif Bold.
		have_cmd woff2_compress || missing+=(woff2)
		# The validators of Factur-X invoices (internal/facturxtest): xmllint
		# checks the profile's XSD, Saxon-HE runs the Schematrons (XSLT 2.0).
		have_cmd xmllint || missing+=(libxml2-utils)
		[[ -f /usr/share/java/Saxon-HE.jar ]] || missing+=(libsaxonhe-java)
		have_cmd java || missing+=(default-jre-headless)
		# jq builds the JSON of docs/invoice.md, which cmd/paprika runs as written.
		have_cmd jq || missing+=(jq)
		# promtool checks deploy/prometheus/alerts.yml (cmd/paprika/metrics_test.go);
		# Debian ships it in the prometheus package.
		have_cmd promtool || missing+=(prometheus)
	fi
	if [[ $mode == image ]]; then
		# Rootful podman with runc (crun refuses the hybrid cgroups of our
		# machines), catatonit for the compose file's `init: true`, and
		# debootstrap (with Debian's keyring) for the base image.
		have_cmd podman || missing+=(podman)
		have_cmd runc || missing+=(runc)
		installed catatonit || missing+=(catatonit)
		have_cmd debootstrap || missing+=(debootstrap)
		installed debian-archive-keyring || missing+=(debian-archive-keyring)
	fi
}

check
if ((${#missing[@]} == 0)); then
	exit 0
fi

# --- install what is missing --------------------------------------------

if ! have_cmd apt-get; then
	say "Paprika needs: ${missing[*]} (Debian's package names)."
	say "This machine has no apt-get: install them with its package manager, put initdb and"
	say "postgres on PATH and set PAPRIKA_CHROMIUM, then run again (PAPRIKA_SKIP_DEPS=1 skips this check)."
	exit 1
fi

if ((EUID == 0)); then
	sudo=()
elif have_cmd sudo && sudo -n true 2>/dev/null; then
	sudo=(sudo -n)
else
	say "Paprika needs: ${missing[*]}; install them with:"
	say "  sudo apt-get install -y ${missing[*]}"
	exit 1
fi

say "Installing ${missing[*]} from Debian's packages (a minute or two)..."
log=$(mktemp "${TMPDIR:-/tmp}/paprika-apt.XXXXXX")
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300)
if ! { "${apt[@]}" update && "${apt[@]}" install -y --no-install-recommends "${missing[@]}"; } >"$log" 2>&1 </dev/null; then
	tail -n 40 "$log" >&2
	say "apt-get failed (the whole output is in $log)."
	exit 1
fi
rm -f "$log"

fonts=""
if have_cmd fc-list; then
	fonts=$(fc-list : family 2>/dev/null || true)
fi
wanted=("${missing[@]}")
check
if ((${#missing[@]} > 0)); then
	say "Installed ${wanted[*]}, but still missing: ${missing[*]}."
	if [[ " ${missing[*]} " == *" chromium-browser "* ]]; then
		say "On Ubuntu, chromium-browser is a snap: install Chromium or Google Chrome another way and set PAPRIKA_CHROMIUM to it."
	fi
	exit 1
fi
say "Installed ${wanted[*]}."
