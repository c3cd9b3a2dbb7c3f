# Paprika. The two commands a newcomer needs:
#
#   make run    install what is missing, build, and start `paprika dev`
#   make test   install what is missing, then go vet, staticcheck and go test everything
#
# Both install PostgreSQL's server binaries, Chromium and fonts from Debian's
# packages when they are missing (scripts/install-deps.sh).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Go unpacked from go.dev lives in /usr/local/go/bin, often not on PATH.
ifeq ($(shell command -v go 2>/dev/null),)
ifneq ($(wildcard /usr/local/go/bin/go),)
export PATH := /usr/local/go/bin:$(PATH)
endif
endif

GO ?= go
PAPRIKA_VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(PAPRIKA_VERSION)
TEST_TIMEOUT ?= 20m
PAPRIKA_IMAGE ?= paprika:local

# The example tiers of docs/configuration.md (standard and priority), so
# that the curl lines `paprika dev` prints (a tenant patched to "priority")
# work. A PAPRIKA_TIERS of your own wins, even
# an empty one (one tier, standard).
DEV_TIERS := {"standard": {"weight": 1}, "priority": {"weight": 4, "maxRunning": 20, "ratePerMinute": 600}}

.PHONY: help run test build lint deps deps-test docker image-test clean faults load

help:
	@echo 'make run      install what is missing, build, and start paprika dev (api + worker + private PostgreSQL)'
	@echo 'make test     install what is missing, then make lint and go test ./...'
	@echo 'make build    build bin/paprika'
	@echo 'make faults   the fault suite'\''s long form (docs/reliability.md); make test runs its short form'
	@echo 'make load     the load test: 2 api + 2 workers, 200 clients, 2 minutes (LOAD_DURATION=30s for less)'
	@echo 'make lint     go vet ./... and staticcheck ./...'
	@echo 'make deps     only install what make run needs (deps-test: what make test needs)'
	@echo 'make docker   build the container image $(PAPRIKA_IMAGE)'
	@echo 'make image-test  build the image with podman and run docker-compose.yml'\''s services from it (root; ~6 min cold)'
	@echo 'make clean    remove bin/ (./data, dev mode'\''s database and outputs, is kept)'

deps:
	@bash scripts/install-deps.sh run

deps-test:
	@bash scripts/install-deps.sh test

build:
	$(GO) build -ldflags '$(LDFLAGS)' -o bin/paprika ./cmd/paprika

run: export PAPRIKA_TIERS ?= $(DEV_TIERS)
run: deps build
	@printf 'PAPRIKA_TIERS=%s\n' "$$PAPRIKA_TIERS"
	exec ./bin/paprika dev

# The fault and attack suites run the paprika binary they build, which go
# test's cache cannot see: cached, their results would outlive a change to
# the code they test. So they always run, after the other packages, one
# after the other (each starts processes with Chromium of its own).
test: deps-test lint
	pkgs=$$($(GO) list ./... | grep -v -e '/faults$$' -e '/attacks$$') && $(GO) test -timeout $(TEST_TIMEOUT) $$pkgs
	$(GO) test -count=1 -p 1 -timeout $(TEST_TIMEOUT) ./faults/ ./attacks/

# The fault suite's long form: every fault repeated on more work.
faults: deps-test
	$(GO) test -tags faults -count=1 -v -timeout 30m ./faults/

LOAD_DURATION ?= 2m
LOAD_CLIENTS ?= 200

# The load test, bounded: LOAD_DURATION of submissions, then the drain.
load: deps-test
	$(GO) test -tags load -count=1 -v -run TestLoad -timeout 30m ./faults/ -load.duration=$(LOAD_DURATION) -load.clients=$(LOAD_CLIENTS)

# staticcheck is a tool, run at a pinned version from the Go module proxy;
# it is not a dependency of the product (go.mod does not name it).
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint:
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# The image for real, without Docker: podman builds it (and its base images,
# cached in /var/cache/paprika-image-test) and runs api, worker and
# worker-priority as docker-compose.yml says, against a PostgreSQL on the
# host (docs/deployment.md). Root only, like rootful podman.
image-test:
	@bash scripts/install-deps.sh image
	time $(GO) test -tags imagetest -count=1 -v -timeout 40m ./internal/imagetest

docker:
	docker build --build-arg PAPRIKA_VERSION=$(PAPRIKA_VERSION) -t $(PAPRIKA_IMAGE) .

clean:
	rm -rf bin
