# syntax=docker/dockerfile:1
#
# Paprika's image: one binary (api, worker, migrate, render...) with Debian's
# Chromium and fonts. `make docker` builds it as paprika:local; the default
# command is the API, on port 4180, keeping outputs in the /data volume.

# --- build: a static binary ---------------------------------------------
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG PAPRIKA_VERSION=dev
# Go's build cache survives between builds (BuildKit's and buildah's cache
# mounts): a rebuild compiles only what changed.
RUN --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${PAPRIKA_VERSION}" \
      -o /out/paprika ./cmd/paprika

# --- run: Chromium, LibreOffice, fonts, an unprivileged user ------------
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium fonts-liberation fonts-dejavu-core fonts-noto-color-emoji ca-certificates \
      fonts-noto-cjk fonts-kacst-one culmus fonts-lohit-deva fonts-tlwg-loma-ttf qpdf \
      libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui python3-uno \
 && rm -rf /var/lib/apt/lists/*
# Chromium runs with its own sandbox (seccomp-bpf, user and PID namespaces):
# Debian's chromium has no setuid helper, so it needs unprivileged user
# namespaces, which Docker's default seccomp profile forbids. Run the image
# with deploy/seccomp/paprika-chromium.json (docs/deployment.md); without it
# api and worker refuse to start, unless PAPRIKA_CHROMIUM_NO_SANDBOX=true.
RUN groupadd --system --gid 10001 paprika \
 && useradd --system --uid 10001 --gid paprika --create-home --home-dir /home/paprika \
      --shell /usr/sbin/nologin paprika \
 && mkdir -p /data \
 && chown paprika:paprika /data
COPY --from=build /out/paprika /usr/local/bin/paprika

ENV PORT=4180 \
    PAPRIKA_DATA_DIR=/data \
    PAPRIKA_CHROMIUM=/usr/bin/chromium
EXPOSE 4180
VOLUME /data
USER paprika
WORKDIR /home/paprika
ENTRYPOINT ["paprika"]
CMD ["api"]
