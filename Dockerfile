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
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${PAPRIKA_VERSION}" \
      -o /out/paprika ./cmd/paprika

# --- run: Chromium, fonts, an unprivileged user -------------------------
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium fonts-liberation fonts-dejavu-core fonts-noto-color-emoji ca-certificates \
      fonts-noto-cjk fonts-kacst-one culmus fonts-lohit-deva fonts-tlwg-loma-ttf \
 && rm -rf /var/lib/apt/lists/*
# Chromium's own sandbox needs user namespaces, which Docker's default seccomp
# profile forbids, so it could not start as a non-root user. In the image the
# container (an unprivileged user with no capabilities) is the sandbox. The
# /usr/bin/chromium launcher reads its flags from /etc/chromium.d/.
RUN echo 'export CHROMIUM_FLAGS="$CHROMIUM_FLAGS --no-sandbox"' > /etc/chromium.d/paprika-no-sandbox
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
