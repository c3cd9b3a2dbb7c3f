// Command kubecheck reads Kubernetes manifests (helm template's output) on
// its standard input and decodes each object of a built-in kind strictly
// into the Kubernetes API's own Go types: a field that the kind does not
// have, at any depth, or a value of the wrong type is an error, which
// `helm lint` does not check and a cluster would report only at install.
// It prints one line per object, "checked KIND NAME" or "skipped KIND
// NAME" for kinds it does not know (CRDs such as KEDA's ScaledObject), and
// exits 1 on the first error.
//
// It is a module of its own, so that the product never imports the
// Kubernetes API: cmd/paprika's TestHelmChart runs it with go run.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "kubecheck:", err)
		os.Exit(1)
	}
}

// kinds are the built-in kinds checked, by apiVersion and kind.
var kinds = map[string]func() any{
	"v1/ConfigMap":                           func() any { return &corev1.ConfigMap{} },
	"v1/Service":                             func() any { return &corev1.Service{} },
	"v1/ServiceAccount":                      func() any { return &corev1.ServiceAccount{} },
	"v1/Secret":                              func() any { return &corev1.Secret{} },
	"apps/v1/Deployment":                     func() any { return &appsv1.Deployment{} },
	"apps/v1/DaemonSet":                      func() any { return &appsv1.DaemonSet{} },
	"policy/v1/PodDisruptionBudget":          func() any { return &policyv1.PodDisruptionBudget{} },
	"autoscaling/v2/HorizontalPodAutoscaler": func() any { return &autoscalingv2.HorizontalPodAutoscaler{} },
}

func run(in io.Reader, out io.Writer) error {
	r := utilyaml.NewYAMLReader(bufio.NewReader(in))
	for {
		doc, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(stripComments(doc))) == 0 {
			continue
		}
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
			Metadata   struct {
				Name string `json:"name"`
			} `json:"metadata"`
		}
		if err := yaml.Unmarshal(doc, &head); err != nil {
			return fmt.Errorf("%w:\n%s", err, doc)
		}
		if head.Kind == "" || head.APIVersion == "" || head.Metadata.Name == "" {
			return fmt.Errorf("an object without apiVersion, kind or metadata.name:\n%s", doc)
		}
		mk, ok := kinds[head.APIVersion+"/"+head.Kind]
		if !ok {
			fmt.Fprintf(out, "skipped %s/%s %s\n", head.APIVersion, head.Kind, head.Metadata.Name)
			continue
		}
		if err := yaml.UnmarshalStrict(doc, mk()); err != nil {
			return fmt.Errorf("%s %s: %w", head.Kind, head.Metadata.Name, err)
		}
		fmt.Fprintf(out, "checked %s/%s %s\n", head.APIVersion, head.Kind, head.Metadata.Name)
	}
}

// stripComments drops the lines that are only a YAML comment (helm
// template's "# Source:" lines), to tell an empty document from an object.
func stripComments(doc []byte) []byte {
	var b bytes.Buffer
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}
