package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/paprikahq/paprika/internal/config"
	"github.com/paprikahq/paprika/internal/helmtest"
)

// Helm is a tool of the chart's test (internal/helmtest), built at a
// pinned version from the Go module proxy; it is not a dependency of the
// product (go.mod does not name it). PAPRIKA_HELM names a helm binary to
// run instead.
const (
	chartDir    = "../../deploy/helm/paprika"
	chartCI     = chartDir + "/ci/test-values.yaml"
	kubeVersion = helmtest.KubeVersion
)

// The chart passes `helm lint --strict` and renders, in each autoscaling
// mode, what docs/deployment.md promises: an api and a worker Deployment
// and one per reserved worker (its PAPRIKA_WORKER_TIERS set), all non-root
// as the image's user, under Chromium's seccomp profile, with a read-only
// root, probes on /healthz and /readyz, the database URL and the bucket's
// keys from the Secrets named, PAPRIKA_TIERS from one ConfigMap that the
// product parses as configured; a termination grace covering a worker's
// hand-back; a PodDisruptionBudget per Deployment; and per worker
// Deployment one KEDA ScaledObject (or one HPA) on its tiers' queue
// metrics, whose queries promtool parses. Every object of a built-in kind
// decodes strictly into the Kubernetes API's types (deploy/helm/kubecheck).
// Values missing what the chart needs are refused, saying which.
func TestHelmChart(t *testing.T) {
	t.Parallel()
	helm := helmtest.Binary(t)
	for _, mode := range []string{"keda", "hpa", "none"} {
		_, err := helmtest.Run(t, helm, "lint", "--strict", "--kube-version", kubeVersion, chartDir, "-f", chartCI, "--set", "autoscaling.mode="+mode)
		require.NoError(t, err)
	}

	uid := dockerfileUID(t)
	profile, err := os.ReadFile("../../deploy/seccomp/paprika-chromium.json")
	require.NoError(t, err)
	chartProfile, err := os.ReadFile(chartDir + "/files/paprika-chromium.json")
	require.NoError(t, err)
	require.Equal(t, string(profile), string(chartProfile), "deploy/helm/paprika/files/paprika-chromium.json must be a copy of deploy/seccomp/paprika-chromium.json: cp deploy/seccomp/paprika-chromium.json deploy/helm/paprika/files/")

	var promQueries []string
	var rendered strings.Builder
	for _, mode := range []string{"keda", "hpa", "none"} {
		t.Run(mode, func(t *testing.T) {
			m, out := renderChart(t, helm, "--set", "autoscaling.mode="+mode)
			rendered.WriteString(out + "\n---\n")

			// The shared environment: one ConfigMap, PAPRIKA_TIERS in
			// the values' order, as the product reads it.
			cm := m.one(t, "ConfigMap", "paprika-config")
			tiers, err := config.ParseTiers(cm.Data["PAPRIKA_TIERS"])
			require.NoError(t, err, "PAPRIKA_TIERS %s", cm.Data["PAPRIKA_TIERS"])
			require.Equal(t, []string{"standard", "priority"}, tiers.Names())
			pri, _ := tiers.Get("priority")
			require.Equal(t, 4.0, pri.Weight)
			require.Equal(t, 20, pri.MaxRunning)
			require.Equal(t, 600, pri.RatePerMinute)
			require.Equal(t, "s3://paprika-outputs/prod?endpoint=https://s3.example.com&pathStyle=true", cm.Data["PAPRIKA_STORAGE_URL"])

			// The installer's profile is the shipped one.
			installer := m.one(t, "ConfigMap", "paprika-seccomp")
			require.JSONEq(t, string(profile), installer.Data["paprika-chromium.json"])

			deps := m.deployments(t)
			require.ElementsMatch(t, []string{"paprika-api", "paprika-worker", "paprika-worker-priority"}, keys(deps))
			for name, d := range deps {
				pod := d.Spec.Template.Spec
				require.Len(t, pod.Containers, 1, name)
				c := pod.Containers[0]
				require.Equal(t, "registry.example.com/paprika:1.0.0", c.Image, name)

				// Non-root as the image's user, under the profile,
				// nothing to escalate to, a read-only root with every
				// path the processes write a volume of its own.
				sc := pod.SecurityContext
				require.True(t, isTrue(sc.RunAsNonRoot), "%s: runAsNonRoot", name)
				require.Equal(t, uid, sc.RunAsUser, "%s: runAsUser is the Dockerfile's user", name)
				require.Equal(t, uid, sc.RunAsGroup, name)
				require.Equal(t, "Localhost", sc.SeccompProfile.Type, name)
				require.Equal(t, "profiles/paprika-chromium.json", sc.SeccompProfile.LocalhostProfile, name)
				require.True(t, isTrue(c.SecurityContext.RunAsNonRoot), name)
				require.NotNil(t, c.SecurityContext.AllowPrivilegeEscalation, "%s: allowPrivilegeEscalation", name)
				require.False(t, *c.SecurityContext.AllowPrivilegeEscalation, "%s: allowPrivilegeEscalation", name)
				require.True(t, isTrue(c.SecurityContext.ReadOnlyRootFilesystem), "%s: readOnlyRootFilesystem", name)
				require.Equal(t, []string{"ALL"}, c.SecurityContext.Capabilities.Drop, name)
				mounts := map[string]string{}
				for _, vm := range c.VolumeMounts {
					mounts[vm.MountPath] = vm.Name
				}
				for _, dir := range []string{"/tmp", "/data"} {
					require.Contains(t, mounts, dir, "%s: %s is written to, and the root is read-only", name, dir)
					require.True(t, slices.ContainsFunc(pod.Volumes, func(v volume) bool { return v.Name == mounts[dir] }), "%s: volume %s", name, mounts[dir])
				}

				// Probes on the port the image listens on.
				require.Equal(t, []port{{"http", 4180}}, c.Ports, name)
				for probe, want := range map[string]*probe{"/healthz": c.LivenessProbe, "/readyz": c.ReadinessProbe} {
					require.NotNil(t, want, "%s: a probe on %s", name, probe)
					require.Equal(t, probe, want.HTTPGet.Path, name)
					require.Equal(t, "http", want.HTTPGet.Port, name)
				}
				require.NotNil(t, c.StartupProbe, name)

				// Secrets by reference, the shared ConfigMap by name.
				env := c.envMap()
				require.Equal(t, secretRef{"paprika-database", "database-url"}, env.secret(t, "PAPRIKA_DATABASE_URL"), name)
				require.Equal(t, secretRef{"paprika-s3", "access-key-id"}, env.secret(t, "AWS_ACCESS_KEY_ID"), name)
				require.Equal(t, secretRef{"paprika-s3", "secret-access-key"}, env.secret(t, "AWS_SECRET_ACCESS_KEY"), name)
				require.Len(t, c.EnvFrom, 1, name)
				require.Equal(t, "paprika-config", c.EnvFrom[0].ConfigMapRef.Name, name)
				require.NotEmpty(t, d.Spec.Template.Metadata.Annotations["checksum/config"], "%s: a change of the ConfigMap rolls the pods", name)

				// Its PodDisruptionBudget selects its pods.
				require.Equal(t, d.Spec.Selector.MatchLabels, d.Spec.Template.Metadata.Labels, name)
				pdb := m.one(t, "PodDisruptionBudget", name)
				require.Equal(t, d.Spec.Selector.MatchLabels, pdb.Spec.Selector.MatchLabels, name)
				require.NotNil(t, pdb.Spec.MaxUnavailable, name)
			}

			api := deps["paprika-api"].Spec.Template.Spec
			require.Equal(t, []string{"api"}, api.Containers[0].Args)
			require.Equal(t, secretRef{"paprika-admin", "admin-token"}, api.Containers[0].envMap().secret(t, "PAPRIKA_ADMIN_TOKEN"))
			require.Equal(t, "paprika-api", m.one(t, "Service", "paprika-api").Metadata.Name)

			workerTiers := map[string][]string{"paprika-worker": {"standard", "priority"}, "paprika-worker-priority": {"priority"}}
			for name, scaled := range workerTiers {
				d := deps[name]
				pod := d.Spec.Template.Spec
				c := pod.Containers[0]
				require.Equal(t, []string{"worker"}, c.Args, name)
				env := c.envMap()
				require.NotContains(t, env, "PAPRIKA_ADMIN_TOKEN", "%s: a worker needs no admin token", name)
				if name == "paprika-worker" {
					require.NotContains(t, env, "PAPRIKA_WORKER_TIERS", "%s claims every tier", name)
				} else {
					require.Equal(t, "priority", env["PAPRIKA_WORKER_TIERS"].Value, name)
				}
				// SIGTERM: 25 s for renders in flight, then up to 10 s to
				// hand back what is still held, then the completions'
				// flush and the HTTP server's 10 s drain.
				require.GreaterOrEqual(t, pod.TerminationGracePeriodSeconds, 25+10+10, "%s: terminationGracePeriodSeconds", name)

				switch mode {
				case "keda":
					require.Nil(t, d.Spec.Replicas, "%s: the scaler owns its replicas", name)
					so := m.one(t, "ScaledObject", name)
					require.Equal(t, "keda.sh/v1alpha1", so.APIVersion)
					require.Equal(t, name, so.Spec.ScaleTargetRef.Name)
					require.Equal(t, "Deployment", so.Spec.ScaleTargetRef.Kind)
					require.Len(t, so.Spec.Triggers, 2, name)
					seen := map[string]bool{}
					for _, tr := range so.Spec.Triggers {
						require.Equal(t, "prometheus", tr.Type, name)
						q := tr.Metadata["query"]
						metric := regexp.MustCompile(`paprika_queue_(items|oldest_seconds)\{tier=~"([^"]*)"\}`).FindStringSubmatch(q)
						require.NotNil(t, metric, "%s: query %q", name, q)
						require.ElementsMatch(t, scaled, strings.Split(metric[2], "|"), "%s: query %q scales on its tiers", name, q)
						seen[metric[1]] = true
						require.NotEmpty(t, tr.Metadata["threshold"], name)
						require.NotEmpty(t, tr.Metadata["serverAddress"], name)
						promQueries = append(promQueries, q)
					}
					require.Equal(t, map[string]bool{"items": true, "oldest_seconds": true}, seen, name)
				case "hpa":
					require.Nil(t, d.Spec.Replicas, "%s: the HPA owns its replicas", name)
					h := m.one(t, "HorizontalPodAutoscaler", name)
					require.Equal(t, "autoscaling/v2", h.APIVersion)
					require.Equal(t, name, h.Spec.ScaleTargetRef.Name)
					var metrics []string
					for _, x := range h.Spec.Metrics {
						require.Equal(t, "External", x.Type, name)
						metrics = append(metrics, x.External.Metric.Name)
						sel := x.External.Metric.Selector.MatchExpressions
						require.Len(t, sel, 1, name)
						require.Equal(t, "tier", sel[0].Key)
						require.ElementsMatch(t, scaled, sel[0].Values, name)
					}
					require.ElementsMatch(t, []string{"paprika_queue_items", "paprika_queue_oldest_seconds"}, metrics, name)
				case "none":
					require.NotNil(t, d.Spec.Replicas, name)
				}
			}
			// One scaler per worker Deployment, and none for the api.
			want := map[string]int{"keda": 2, "hpa": 0, "none": 0}[mode]
			require.Len(t, m.of("ScaledObject"), want)
			want = map[string]int{"keda": 0, "hpa": 2, "none": 0}[mode]
			require.Len(t, m.of("HorizontalPodAutoscaler"), want)
		})
	}
	// KEDA's queries are PromQL.
	require.NotEmpty(t, promQueries)
	checkPromQL(t, promQueries)

	// Every object of a built-in kind has only the fields of its kind, of
	// their types, in every mode and with the other switches turned.
	_, out := renderChart(t, helm, "--set", "metrics.podMonitor.enabled=true", "--set", "storage.url=", "--set", "storage.existingClaim=outputs",
		"--set", "storage.existingSecret=", "--set", "seccompProfile.type=Unconfined", "--set", "worker.slots=4", "--set", "config.PAPRIKA_RENDER_TIMEOUT=30s")
	rendered.WriteString(out)
	checked := kubecheck(t, rendered.String())
	for _, line := range checked {
		if kind, ok := strings.CutPrefix(line, "skipped "); ok {
			require.Regexp(t, `^(keda\.sh/v1alpha1/ScaledObject|monitoring\.coreos\.com/v1/PodMonitor) `, kind, "a kind kubecheck does not know")
		}
	}
	require.Contains(t, checked, "checked apps/v1/Deployment paprika-worker-priority")
	require.Contains(t, checked, "checked autoscaling/v2/HorizontalPodAutoscaler paprika-worker")

	// What the chart cannot do without, it refuses, saying which value.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--set", "database.existingSecret="}, "database.existingSecret"},
		{[]string{"--set", "adminToken.existingSecret="}, "adminToken.existingSecret"},
		{[]string{"--set", "storage.url="}, "storage.url"},
		{[]string{"--set", "storage.url=file:///data"}, "pods share no disk"},
		{[]string{"--set", "reservedWorkers[0].name=x", "--set", "reservedWorkers[0].tiers=null"}, "tiers is required"},
		{[]string{"--set", "reservedWorkers[0].tiers[0]=gold"}, "tier gold is not one of tiers"},
		{[]string{"--set", "autoscaling.mode=sometimes"}, "keda, hpa or none"},
	} {
		_, err := helmtest.Run(t, helm, append([]string{"template", "paprika", chartDir, "--kube-version", kubeVersion, "-f", chartCI}, c.args...)...)
		require.Error(t, err, "%v", c.args)
		require.Contains(t, err.Error(), c.want, "%v", c.args)
	}
}

// manifests are one rendering's objects, each document raw and decoded.
type manifests []object

type object struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Data map[string]string `yaml:"data"`
	Spec objectSpec        `yaml:"spec"`
	raw  []byte
}

// objectSpec holds the fields of the kinds the test reads.
type objectSpec struct {
	Selector struct {
		MatchLabels map[string]string `yaml:"matchLabels"`
	} `yaml:"selector"`
	MaxUnavailable any `yaml:"maxUnavailable"` // PodDisruptionBudget
	ScaleTargetRef struct {
		Kind string `yaml:"kind"`
		Name string `yaml:"name"`
	} `yaml:"scaleTargetRef"` // ScaledObject, HorizontalPodAutoscaler
	Triggers []struct {
		Type     string            `yaml:"type"`
		Metadata map[string]string `yaml:"metadata"`
	} `yaml:"triggers"` // ScaledObject
	Metrics []struct {
		Type     string `yaml:"type"`
		External struct {
			Metric struct {
				Name     string `yaml:"name"`
				Selector struct {
					MatchExpressions []struct {
						Key    string   `yaml:"key"`
						Values []string `yaml:"values"`
					} `yaml:"matchExpressions"`
				} `yaml:"selector"`
			} `yaml:"metric"`
		} `yaml:"external"`
	} `yaml:"metrics"` // HorizontalPodAutoscaler
}

type deployment struct {
	Spec struct {
		Replicas *int `yaml:"replicas"`
		Selector struct {
			MatchLabels map[string]string `yaml:"matchLabels"`
		} `yaml:"selector"`
		Template struct {
			Metadata struct {
				Labels      map[string]string `yaml:"labels"`
				Annotations map[string]string `yaml:"annotations"`
			} `yaml:"metadata"`
			Spec podSpec `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

type podSpec struct {
	TerminationGracePeriodSeconds int `yaml:"terminationGracePeriodSeconds"`
	SecurityContext               struct {
		RunAsNonRoot   *bool `yaml:"runAsNonRoot"`
		RunAsUser      int   `yaml:"runAsUser"`
		RunAsGroup     int   `yaml:"runAsGroup"`
		SeccompProfile struct {
			Type             string `yaml:"type"`
			LocalhostProfile string `yaml:"localhostProfile"`
		} `yaml:"seccompProfile"`
	} `yaml:"securityContext"`
	Containers []container `yaml:"containers"`
	Volumes    []volume    `yaml:"volumes"`
}

type volume struct {
	Name string `yaml:"name"`
}

type port struct {
	Name          string `yaml:"name"`
	ContainerPort int    `yaml:"containerPort"`
}

type probe struct {
	HTTPGet struct {
		Path string `yaml:"path"`
		Port string `yaml:"port"`
	} `yaml:"httpGet"`
}

type container struct {
	Image   string   `yaml:"image"`
	Args    []string `yaml:"args"`
	Ports   []port   `yaml:"ports"`
	EnvFrom []struct {
		ConfigMapRef struct {
			Name string `yaml:"name"`
		} `yaml:"configMapRef"`
	} `yaml:"envFrom"`
	Env             []envVar `yaml:"env"`
	LivenessProbe   *probe   `yaml:"livenessProbe"`
	ReadinessProbe  *probe   `yaml:"readinessProbe"`
	StartupProbe    *probe   `yaml:"startupProbe"`
	SecurityContext struct {
		RunAsNonRoot             *bool `yaml:"runAsNonRoot"`
		AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
		ReadOnlyRootFilesystem   *bool `yaml:"readOnlyRootFilesystem"`
		Capabilities             struct {
			Drop []string `yaml:"drop"`
		} `yaml:"capabilities"`
	} `yaml:"securityContext"`
	VolumeMounts []struct {
		Name      string `yaml:"name"`
		MountPath string `yaml:"mountPath"`
	} `yaml:"volumeMounts"`
}

type envVar struct {
	Name      string `yaml:"name"`
	Value     string `yaml:"value"`
	ValueFrom *struct {
		SecretKeyRef *secretRef `yaml:"secretKeyRef"`
	} `yaml:"valueFrom"`
}

type secretRef struct {
	Name string `yaml:"name"`
	Key  string `yaml:"key"`
}

type envVars map[string]envVar

func (c container) envMap() envVars {
	out := envVars{}
	for _, e := range c.Env {
		out[e.Name] = e
	}
	return out
}

func (e envVars) secret(t *testing.T, name string) secretRef {
	t.Helper()
	v, ok := e[name]
	require.True(t, ok, "no %s", name)
	require.Empty(t, v.Value, "%s is given in the manifest, not from a Secret", name)
	require.True(t, v.ValueFrom != nil && v.ValueFrom.SecretKeyRef != nil, "%s is not from a Secret", name)
	return *v.ValueFrom.SecretKeyRef
}

func isTrue(b *bool) bool { return b != nil && *b }

// renderChart runs helm template with the test's values and args and
// decodes every document; it returns them with helm's output.
func renderChart(t *testing.T, helm string, args ...string) (manifests, string) {
	t.Helper()
	out, err := helmtest.Run(t, helm, append([]string{"template", "paprika", chartDir, "--kube-version", kubeVersion, "-f", chartCI}, args...)...)
	require.NoError(t, err)
	var m manifests
	dec := yaml.NewDecoder(strings.NewReader(out))
	for {
		var node yaml.Node
		err := dec.Decode(&node)
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err, "helm template's output:\n%s", out)
		if node.Kind == 0 || len(node.Content) == 0 || node.Content[0].Kind != yaml.MappingNode {
			continue // an empty document
		}
		var o object
		require.NoError(t, node.Decode(&o))
		o.raw, err = yaml.Marshal(&node)
		require.NoError(t, err)
		require.NotEmpty(t, o.Kind, "a document without kind:\n%s", o.raw)
		m = append(m, o)
	}
	return m, out
}

// kubecheck decodes manifests strictly into the Kubernetes API's types
// (deploy/helm/kubecheck, a module of its own run with go run) and returns
// what it printed: a line per object, checked or skipped.
func kubecheck(t *testing.T, manifests string) []string {
	t.Helper()
	cmd := exec.Command(goTool(t), "run", ".")
	cmd.Dir = "../../deploy/helm/kubecheck"
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	cmd.Stdin = strings.NewReader(manifests)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "deploy/helm/kubecheck refused the rendered chart:\n%s", stderr.String())
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

func (m manifests) of(kind string) []object {
	var out []object
	for _, o := range m {
		if o.Kind == kind {
			out = append(out, o)
		}
	}
	return out
}

func (m manifests) one(t *testing.T, kind, name string) object {
	t.Helper()
	var found []object
	for _, o := range m.of(kind) {
		if o.Metadata.Name == name {
			found = append(found, o)
		}
	}
	require.Len(t, found, 1, "%s %s", kind, name)
	return found[0]
}

func (m manifests) deployments(t *testing.T) map[string]deployment {
	t.Helper()
	out := map[string]deployment{}
	for _, o := range m.of("Deployment") {
		var d deployment
		require.NoError(t, yaml.Unmarshal(o.raw, &d))
		out[o.Metadata.Name] = d
	}
	return out
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// dockerfileUID is the uid of the image's user, from the Dockerfile.
func dockerfileUID(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("../../Dockerfile")
	require.NoError(t, err)
	m := regexp.MustCompile(`useradd [^\n]*--uid (\d+)`).FindSubmatch(b)
	require.NotNil(t, m, "the Dockerfile's useradd --uid")
	var uid int
	_, err = fmt.Sscan(string(m[1]), &uid)
	require.NoError(t, err)
	require.Regexp(t, `(?m)^USER paprika$`, string(b))
	return uid
}

// checkPromQL has promtool parse each query, as recording rules.
func checkPromQL(t *testing.T, queries []string) {
	t.Helper()
	promtool, err := exec.LookPath("promtool")
	require.NoError(t, err, "promtool checks the chart's queries; install it with: apt-get install -y prometheus (or make deps-test)")
	var rules strings.Builder
	rules.WriteString("groups:\n  - name: chart\n    rules:\n")
	for i, q := range queries {
		b, err := json.Marshal(q) // a JSON string is a YAML string
		require.NoError(t, err)
		fmt.Fprintf(&rules, "      - record: paprika:chart:%d\n        expr: %s\n", i, b)
	}
	path := filepath.Join(t.TempDir(), "chart.yml")
	require.NoError(t, os.WriteFile(path, []byte(rules.String()), 0o644))
	out, err := exec.Command(promtool, "check", "rules", path).CombinedOutput()
	require.NoError(t, err, "a query of the chart is not PromQL:\n%s", out)
}
