//go:build imagetest

package imagetest

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// service is what the test takes from a service of docker-compose.yml.
type service struct {
	Image       string            `yaml:"image"`
	Command     yaml.Node         `yaml:"command"`
	Init        bool              `yaml:"init"`
	Environment map[string]string `yaml:"environment"`
	SecurityOpt []string          `yaml:"security_opt"`
	Volumes     []string          `yaml:"volumes"`
}

type composeFile struct {
	Services map[string]service `yaml:"services"`
}

// loadCompose reads a compose file, its ${VAR}, ${VAR:-default} and
// ${VAR:?message} interpolated from vars as Compose does.
func loadCompose(t *testing.T, path string, vars map[string]string) map[string]service {
	t.Helper()
	b, err := os.ReadFile(path)
	must(t, err)
	var c composeFile
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	// Compose interpolates the values, after parsing: PAPRIKA_TIERS is JSON,
	// which YAML would read as a mapping.
	var errs []error
	sub := func(s string) string {
		v, err := interpolate(s, vars)
		if err != nil {
			errs = append(errs, err)
		}
		return v
	}
	for name, s := range c.Services {
		s.Image = sub(s.Image)
		for k, v := range s.Environment {
			s.Environment[k] = sub(v)
		}
		for i := range s.SecurityOpt {
			s.SecurityOpt[i] = sub(s.SecurityOpt[i])
		}
		for i := range s.Volumes {
			s.Volumes[i] = sub(s.Volumes[i])
		}
		c.Services[name] = s
	}
	if len(errs) > 0 {
		t.Fatalf("%s: %v", path, errors.Join(errs...))
	}
	return c.Services
}

var variable = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}`)

func interpolate(s string, vars map[string]string) (string, error) {
	var err error
	out := variable.ReplaceAllStringFunc(s, func(m string) string {
		g := variable.FindStringSubmatch(m)
		name, op, arg := g[1], g[2], g[3]
		v, set := vars[name]
		switch op {
		case ":-":
			if v == "" {
				return arg
			}
		case "-":
			if !set {
				return arg
			}
		case ":?", "?":
			if v == "" || (op == "?" && !set) {
				err = fmt.Errorf("%s: %s", name, arg)
			}
		}
		return v
	})
	return out, err
}

// command is the service's command as arguments.
func (s service) command() []string {
	switch s.Command.Kind {
	case yaml.ScalarNode:
		return strings.Fields(s.Command.Value)
	case yaml.SequenceNode:
		var args []string
		for _, n := range s.Command.Content {
			args = append(args, n.Value)
		}
		return args
	}
	return nil
}

// seccompProfile is the file of the service's seccomp= security option,
// relative to the compose file's directory, or "".
func (s service) seccompProfile() string {
	for _, o := range s.SecurityOpt {
		for _, sep := range []string{"=", ":"} {
			if v, ok := strings.CutPrefix(o, "seccomp"+sep); ok {
				return v
			}
		}
	}
	return ""
}

// environment is the service's environment, sorted, as KEY=VALUE.
func (s service) environment() []string {
	var env []string
	for k, v := range s.Environment {
		env = append(env, k+"="+v)
	}
	slices.Sort(env)
	return env
}
