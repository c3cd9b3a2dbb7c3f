//go:build imagetest

package imagetest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/paprikahq/paprika/internal/helmtest"
	"github.com/paprikahq/paprika/internal/pgserver"
	"github.com/paprikahq/paprika/internal/s3test"
	"github.com/paprikahq/paprika/internal/storage"
)

// The annotation podman 4.3 reads a pod's seccomp profile from: it ignores
// securityContext.seccompProfile, the field the chart sets.
const seccompAnnotation = "seccomp.security.alpha.kubernetes.io/pod"

// TestHelmPlay renders deploy/helm/paprika with `helm template` for an S3
// bucket (versitygw on the host), the host's PostgreSQL, the image this
// test built, one api and two workers and no autoscaler, and runs the
// rendered api and worker Deployments and the ConfigMap with `podman kube
// play`, the Secrets they name created beforehand. A batch submitted
// through the api pod finishes with every record done, rendered by both
// workers (their claims in their logs), every output in the bucket and
// served by the api: the pods share no disk.
//
// What podman 4.3 cannot take as the chart renders it, the test adapts,
// each step said where it is done: see playable.
func TestHelmPlay(t *testing.T) {
	requireRootPodman(t)
	repo, p := repoAndPodman(t)
	chart := filepath.Join(repo, "deploy/helm/paprika")
	buildImage(t, p, repo)
	helm := helmtest.Binary(t)

	// --- PostgreSQL and a bucket on the host --------------------------------
	pgPort := freePort(t)
	pgDir, err := os.MkdirTemp("", "paprika-helm-play-pg-")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(pgDir) })
	pg, err := pgserver.Start(t.Context(), pgserver.Options{Dir: pgDir, Port: pgPort, Fast: true})
	must(t, err)
	t.Cleanup(func() { _ = pg.Stop() })
	createDatabase(t, pg.URL("postgres"))
	bucket := s3test.NewBucket(t)

	// --- the Secrets the chart names -----------------------------------------
	release := "paprika-play-" + strconv.Itoa(os.Getpid())
	adminToken := "adm_" + randomHex(16)
	secrets := map[string]map[string]string{
		release + "-database": {"database-url": "postgres://paprika:paprika@127.0.0.1:" + strconv.Itoa(pgPort) + "/paprika?sslmode=disable"},
		release + "-admin":    {"admin-token": adminToken},
		release + "-s3":       {"access-key-id": bucket.AccessKeyID, "secret-access-key": bucket.SecretAccessKey},
	}
	for name, data := range secrets {
		createSecret(t, p, name, data)
	}

	// --- the chart, rendered -----------------------------------------------
	values := map[string]any{
		"image":       map[string]any{"repository": strings.Split(image, ":")[0], "tag": strings.Split(image, ":")[1]},
		"database":    map[string]any{"existingSecret": release + "-database"},
		"adminToken":  map[string]any{"existingSecret": release + "-admin"},
		"storage":     map[string]any{"url": s3test.URL(bucket), "existingSecret": release + "-s3"},
		"autoscaling": map[string]any{"mode": "none"},
		"api":         map[string]any{"replicas": 1},
		"worker": map[string]any{"replicas": 2, "slots": 1,
			// Each claims for its one free slot only, not ahead: the batch
			// is shared between the two, not taken by the first awake.
			"env": map[string]any{"PAPRIKA_CLAIM_AHEAD": "0"}},
	}
	dir := t.TempDir()
	valuesFile := filepath.Join(dir, "values.yaml")
	b, err := yaml.Marshal(values)
	must(t, err)
	must(t, os.WriteFile(valuesFile, b, 0o644))
	out, err := helmtest.Run(t, helm, "template", release, chart, "--kube-version", helmtest.KubeVersion, "-f", valuesFile)
	must(t, err)
	docs := decodeManifests(t, out)

	// Deployments and ConfigMaps are what podman kube play runs; the
	// Service, PodDisruptionBudgets and ServiceAccount have nothing to do
	// on one host, and no autoscaler may be left in mode none.
	var play []map[string]any
	kinds := map[string]int{}
	ports := map[string]int{}         // pod (Deployment) name: its PORT
	components := map[string]string{} // pod: its container's name
	var workers []string
	var profile string
	for _, d := range docs {
		kind, _ := d["kind"].(string)
		kinds[kind]++
		switch kind {
		case "ConfigMap":
			play = append(play, d)
		case "Deployment":
			name := dig(d, "metadata", "name").(string)
			var copies int
			switch name {
			case release + "-api":
				copies = 1
			case release + "-worker":
				copies = 2
			default:
				t.Fatalf("an unexpected Deployment %s", name)
			}
			require.EqualValues(t, copies, dig(d, "spec", "replicas"), "%s's replicas", name)
			for i := 1; i <= copies; i++ {
				pod := name
				if copies > 1 {
					pod = fmt.Sprintf("%s-%d", name, i)
					workers = append(workers, pod)
				}
				ports[pod] = freePort(t)
				components[pod] = strings.TrimPrefix(name, release+"-")
				var prof string
				play = append(play, playable(t, d, pod, ports[pod], &prof))
				profile = prof
			}
		case "ScaledObject", "HorizontalPodAutoscaler":
			t.Fatalf("autoscaling.mode none rendered a %s", kind)
		}
	}
	require.Equal(t, 2, kinds["Deployment"], "the rendered kinds: %v", kinds)
	require.Len(t, workers, 2)
	t.Logf("rendered %v; playing %d documents", kinds, len(play))

	// The chart's profile, in a directory of the test's own as podman's
	// --seccomp-profile-root (the kubelet's seccomp directory).
	profileRoot := filepath.Join(dir, "seccomp")
	chromium, err := os.ReadFile(filepath.Join(chart, "files/paprika-chromium.json"))
	must(t, err)
	must(t, os.MkdirAll(profileRoot, 0o755))
	must(t, os.WriteFile(filepath.Join(profileRoot, filepath.Base(profile)), chromium, 0o644))

	var playYAML bytes.Buffer
	for _, d := range play {
		playYAML.WriteString("---\n")
		enc := yaml.NewEncoder(&playYAML)
		must(t, enc.Encode(d))
		must(t, enc.Close())
	}
	playFile := filepath.Join(dir, "play.yaml")
	must(t, os.WriteFile(playFile, playYAML.Bytes(), 0o644))

	// podman names a played pod's container POD-pod-0-CONTAINER.
	container := func(pod string) string { return pod + "-pod-0-" + components[pod] }

	// --- podman kube play, and down at the end ------------------------------
	t.Cleanup(func() {
		if t.Failed() {
			for pod := range ports {
				t.Logf("--- the last lines of %s's log:\n%s", pod, p.logs(t, container(pod), "--tail", "40"))
			}
		}
		if _, err := p.try(3*time.Minute, "kube", "down", playFile); err != nil {
			t.Logf("podman kube down: %v", err)
		}
		for pod := range ports { // what kube down left, when a pod was missing
			_, _ = p.try(2*time.Minute, "pod", "rm", "-f", "-t", "5", pod+"-pod-0")
			for _, v := range []string{"tmp", "data"} {
				_, _ = p.try(time.Minute, "volume", "rm", "-f", pod+"-"+v)
			}
		}
	})
	p.out(t, 5*time.Minute, "kube", "play", "--seccomp-profile-root", profileRoot, playFile)

	for pod, port := range ports {
		body := waitReadyAt(t, p, container(pod), port, 3*time.Minute)
		require.JSONEq(t, `{"status":"ready","chromiumSandboxed":true}`, body, "%s's /readyz", pod)
		// Under the chart's profile, not podman's default: only Paprika's
		// rule allows chroot to a container without CAP_SYS_CHROOT.
		require.True(t, seccompAllows(t, p, container(pod), "chroot"), "%s does not run under the chart's seccomp profile", pod)
	}

	// --- a batch through the api pod ---------------------------------------
	api := &client{t: t, base: "http://127.0.0.1:" + strconv.Itoa(ports[release+"-api"]), admin: adminToken}
	api.must(http.MethodPost, "/v1/admin/tenants", "admin", `{"id": "acme", "name": "Acme"}`, http.StatusCreated)
	var key struct{ Secret string }
	api.decode(api.must(http.MethodPost, "/v1/admin/tenants/acme/keys", "admin", `{"name": "helm-play", "scopes": ["render", "read"]}`, http.StatusCreated), &key)
	api.key = key.Secret
	const n = 24
	records := make([]string, n)
	for i := range records {
		records[i] = fmt.Sprintf(`{"n": %d}`, i+1)
	}
	// Some pages a record, so that the batch outlasts a worker's poll
	// interval: a one-line page is done before the second worker looks.
	tmpl, err := json.Marshal(strings.Repeat("<p>Record {{n}} of the chart's batch, on a pod of its own.</p>", 1500))
	must(t, err)
	var batch struct{ ID string }
	api.decode(api.must(http.MethodPost, "/v1/batches", "key",
		`{"template": `+string(tmpl)+`, "records": [`+strings.Join(records, ",")+`]}`, http.StatusAccepted), &batch)
	submitted := time.Now()
	bt := api.waitBatch(batch.ID, 5*time.Minute)
	require.Equal(t, "done", bt["status"], "%v", bt)
	require.EqualValues(t, n, bt["done"], "every record done: %v", bt)

	// Every record claimed by one of the workers, and each worker claimed
	// some: the work was shared.
	claimedBy := map[string]string{}
	perWorker := map[string]int{}
	for _, w := range workers {
		for _, c := range podClaims(t, p, container(w)) {
			if c.BatchID == batch.ID {
				claimedBy[strconv.Itoa(c.Index)] = w
				perWorker[w]++
			}
		}
	}
	for i := 1; i <= n; i++ {
		require.NotEmpty(t, claimedBy[strconv.Itoa(i)], "record %d claimed by no worker's log", i)
	}
	for _, w := range workers {
		require.Positive(t, perWorker[w], "%s claimed none of the batch's records: %v", w, perWorker)
	}
	t.Logf("the batch's %d records, done in %v: claims per worker %v", n, time.Since(submitted).Round(100*time.Millisecond), perWorker)

	// The outputs are in the bucket, and the api pod, which rendered none
	// of them and shares no disk with the workers, serves each.
	s3 := bucketClient(t, bucket.Endpoint)
	id, err := uuid.Parse(batch.ID)
	must(t, err)
	var keys []string
	for o := range s3.ListObjects(t.Context(), bucket.Bucket, minio.ListObjectsOptions{Prefix: storage.BatchPrefix("acme", id), Recursive: true}) {
		must(t, o.Err)
		keys = append(keys, o.Key)
	}
	var want []string
	for i := 1; i <= n; i++ {
		want = append(want, storage.RecordKey("acme", id, i, "pdf"))
	}
	require.ElementsMatch(t, want, keys, "the batch's objects in the bucket")
	for i := 1; i <= n; i++ {
		pdf := api.must(http.MethodGet, fmt.Sprintf("/v1/batches/%s/records/%d/output", batch.ID, i), "key", "", http.StatusOK)
		require.True(t, bytes.HasPrefix(pdf, []byte("%PDF-")), "record %d's output", i)
	}
}

// playable is a rendered Deployment as podman 4.3's kube play can run it
// on the host's network, named pod, with what its pod needs of its own:
//   - one replica per Deployment: podman runs a Deployment's replicas
//     with one environment and one set of volumes, so the test plays each
//     replica as a Deployment of its own;
//   - host networking (the PostgreSQL and the bucket are on the host's
//     loopback), with PORT a free port of the pod's own, no port mappings
//     (podman refuses them on the host's network) and the probes on that
//     port;
//   - its emptyDir volumes named after the pod: podman makes an emptyDir a
//     named volume, which pods whose volumes have the same name share;
//   - the seccomp profile of securityContext.seccompProfile as the
//     annotation podman reads; profile is set to its localhostProfile.
func playable(t *testing.T, d map[string]any, pod string, port int, profile *string) map[string]any {
	t.Helper()
	var c map[string]any
	b, err := yaml.Marshal(d)
	must(t, err)
	must(t, yaml.Unmarshal(b, &c)) // a deep copy
	c["metadata"].(map[string]any)["name"] = pod
	spec := c["spec"].(map[string]any)
	spec["replicas"] = 1
	tmpl := spec["template"].(map[string]any)
	meta := tmpl["metadata"].(map[string]any)
	ps := tmpl["spec"].(map[string]any)
	ps["hostNetwork"] = true

	seccomp := dig(ps, "securityContext", "seccompProfile").(map[string]any)
	require.Equal(t, "Localhost", seccomp["type"], "%s's seccomp profile", pod)
	*profile = seccomp["localhostProfile"].(string)
	annotations, _ := meta["annotations"].(map[string]any)
	if annotations == nil {
		annotations = map[string]any{}
		meta["annotations"] = annotations
	}
	// podman 4.3 takes the annotation's first path element only: the
	// profile is looked up by its file name.
	annotations[seccompAnnotation] = "localhost/" + filepath.Base(*profile)

	for _, v := range ps["volumes"].([]any) {
		v := v.(map[string]any)
		_, empty := v["emptyDir"]
		require.True(t, empty, "%s's volume %v: pods share no disk, so every volume is an emptyDir", pod, v)
		v["name"] = pod + "-" + v["name"].(string)
	}
	containers := ps["containers"].([]any)
	require.Len(t, containers, 1, pod)
	ctr := containers[0].(map[string]any)
	for _, m := range ctr["volumeMounts"].([]any) {
		m := m.(map[string]any)
		m["name"] = pod + "-" + m["name"].(string)
	}
	named := false
	for _, p := range ctr["ports"].([]any) {
		p := p.(map[string]any)
		named = named || (p["name"] == "http" && p["containerPort"] == 4180)
	}
	require.True(t, named, "%s's port http is 4180", pod)
	delete(ctr, "ports")
	ctr["env"] = append(ctr["env"].([]any), map[string]any{"name": "PORT", "value": strconv.Itoa(port)})
	for _, probe := range []string{"startupProbe", "livenessProbe", "readinessProbe"} {
		get := dig(ctr, probe, "httpGet").(map[string]any)
		require.Equal(t, "http", get["port"], "%s's %s", pod, probe)
		get["port"] = port
	}
	return c
}

// createSecret creates a podman secret that kube play reads as a
// Kubernetes Secret's data: podman 4.3 takes a JSON object of base64
// values (the Secret documents kube play itself stores, as YAML, it cannot
// read back).
func createSecret(t *testing.T, p *podman, name string, data map[string]string) {
	t.Helper()
	enc := map[string]string{}
	for k, v := range data {
		enc[k] = base64.StdEncoding.EncodeToString([]byte(v))
	}
	b, err := json.Marshal(enc)
	must(t, err)
	f := filepath.Join(t.TempDir(), name+".json")
	must(t, os.WriteFile(f, b, 0o600))
	_, _ = p.try(time.Minute, "secret", "rm", name) // left by a run that was killed
	p.out(t, time.Minute, "secret", "create", name, f)
	t.Cleanup(func() { _, _ = p.try(time.Minute, "secret", "rm", name) })
}

// waitReadyAt waits for the /readyz of container ctr (a compose service or a
// played pod's) to answer 200 on its port, and returns its body.
func waitReadyAt(t *testing.T, p *podman, ctr string, port int, timeout time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	last := ""
	for time.Now().Before(deadline) {
		resp, err := http.Get("http://127.0.0.1:" + strconv.Itoa(port) + "/readyz")
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return string(b)
			}
			last = fmt.Sprintf("%d %s", resp.StatusCode, b)
		} else {
			last = err.Error()
		}
		if state, _ := p.try(time.Minute, "inspect", "--format", "{{.State.Status}} {{.State.ExitCode}}", ctr); strings.HasPrefix(state, "exited") {
			t.Fatalf("%s exited (%s) before it was ready", ctr, strings.TrimSpace(state))
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatalf("%s was not ready within %v: %s", ctr, timeout, last)
	return ""
}

// seccompAllows says whether the seccomp filter of a container's OCI
// spec, as podman wrote it, allows a system call with no condition.
func seccompAllows(t *testing.T, p *podman, ctr, syscall string) bool {
	t.Helper()
	id := strings.TrimSpace(p.out(t, time.Minute, "inspect", "--format", "{{.ID}}", ctr))
	var b []byte
	var err error
	for _, dir := range []string{filepath.Join(p.cache, "storage", "overlay-containers"), filepath.Join(p.run, "overlay-containers")} {
		if b, err = os.ReadFile(filepath.Join(dir, id, "userdata", "config.json")); err == nil {
			break
		}
	}
	must(t, err)
	var spec struct {
		Linux struct {
			Seccomp *struct {
				Syscalls []struct {
					Names  []string `json:"names"`
					Action string   `json:"action"`
					Args   []any    `json:"args"`
				} `json:"syscalls"`
			} `json:"seccomp"`
		} `json:"linux"`
	}
	must(t, json.Unmarshal(b, &spec))
	require.NotNil(t, spec.Linux.Seccomp, "%s runs with no seccomp filter", ctr)
	allowed := false
	for _, s := range spec.Linux.Seccomp.Syscalls {
		for _, n := range s.Names {
			if n != syscall {
				continue
			}
			if s.Action != "SCMP_ACT_ALLOW" {
				return false
			}
			allowed = allowed || len(s.Args) == 0
		}
	}
	return allowed
}

// podClaims reads every claim from a container's log.
func podClaims(t *testing.T, p *podman, name string) []recordClaim {
	var cs []recordClaim
	for _, line := range strings.Split(p.logs(t, name), "\n") {
		var c recordClaim
		if json.Unmarshal([]byte(line), &c) == nil && c.Msg == "claim" {
			cs = append(cs, c)
		}
	}
	return cs
}

type recordClaim struct {
	Msg     string `json:"msg"`
	BatchID string `json:"batchId"`
	Index   int    `json:"index"`
}

func bucketClient(t *testing.T, endpoint string) *minio.Client {
	t.Helper()
	u, err := url.Parse(endpoint)
	must(t, err)
	c, err := minio.New(u.Host, &minio.Options{Creds: credentials.NewStaticV4(s3test.AccessKey, s3test.SecretKey, ""),
		Region: s3test.Region, BucketLookup: minio.BucketLookupPath})
	must(t, err)
	return c
}

// imageBuilt is set once buildImage built the image in this test binary.
var imageBuilt bool

// requireRootPodman fails the test unless it runs as root with podman.
func requireRootPodman(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Fatal("the image test runs rootful podman: run it as root (sudo make image-test)")
	}
	if _, err := exec.LookPath("podman"); err != nil {
		t.Fatal("podman not found: install it with: apt-get install -y podman runc catatonit debootstrap (or: scripts/install-deps.sh image)")
	}
}

// repoAndPodman returns the repository's root and the podman of the image
// tests, on their own storage (PAPRIKA_IMAGE_TEST_CACHE, by default
// /var/cache/paprika-image-test).
func repoAndPodman(t *testing.T) (string, *podman) {
	t.Helper()
	repo, err := filepath.Abs("../..")
	must(t, err)
	cache := os.Getenv("PAPRIKA_IMAGE_TEST_CACHE")
	if cache == "" {
		cache = "/var/cache/paprika-image-test"
	}
	return repo, newPodman(t, cache)
}

// buildImage builds the product's image from its Dockerfile, on the base
// images the test makes itself, once per test binary: the tests after the
// first run the image it built.
func buildImage(t *testing.T, p *podman, repo string) {
	t.Helper()
	if imageBuilt {
		return
	}
	buildBase(t, p)
	buildGo(t, p)
	p.stream(t, 25*time.Minute, filepath.Join(p.cache, "paprika-build.log"),
		"build", "--network=host", "--build-arg", "PAPRIKA_VERSION=image-test", "-t", image, repo)
	// The images the build left untagged, in this test's own storage.
	p.out(t, 5*time.Minute, "image", "prune", "-f")
	imageBuilt = true
}

// decodeManifests decodes helm template's documents, the empty left out.
func decodeManifests(t *testing.T, out string) []map[string]any {
	t.Helper()
	var docs []map[string]any
	dec := yaml.NewDecoder(strings.NewReader(out))
	for {
		var d map[string]any
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "helm template's output:\n%s", out)
		if len(d) > 0 {
			docs = append(docs, d)
		}
	}
	return docs
}

// dig is the value at a path of nested mappings, or nil.
func dig(v any, path ...string) any {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}
