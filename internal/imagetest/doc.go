// Package imagetest builds Paprika's container image with podman and runs
// docker-compose.yml's topology from it for real, and the Helm chart's
// rendered manifests with podman kube play (TestHelmPlay): `make image-test`.
//
// Its test is behind the imagetest build tag, so that `go test ./...` does
// not build images:
//
//	go test -tags imagetest -v -timeout 30m ./internal/imagetest
//
// It needs root, podman, runc, debootstrap and PostgreSQL's server binaries
// (scripts/install-deps.sh image installs them), and the Go module proxy
// for TestHelmPlay's Helm and versitygw (built once, then cached). See docs/deployment.md for
// what it proves.
package imagetest
