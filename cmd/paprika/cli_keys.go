package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/spf13/cobra"

	"github.com/paprikahq/paprika/internal/wire"
)

// keyRow is a key as the API answers it.
type keyRow = wire.Key

func (c *cli) keysCmd() *cobra.Command {
	return group("keys", "Create, list and revoke a tenant's API keys (admin token)",
		c.keysCreateCmd(), c.keysListCmd(), c.keysRevokeCmd())
}

func (c *cli) keysCreateCmd() *cobra.Command {
	var name, tier string
	var scopes []string
	cmd := &cobra.Command{
		Use:   "create TENANT --name NAME --scope SCOPE... [--tier TIER]",
		Short: "Create a key; its secret is shown this once",
		Long: `Create a key of TENANT. Scopes: render (renders, jobs and batches, and reading
them), templates (manage stored templates), read (read work, outputs and
templates only). A key's --tier overrides its tenant's for the work it
submits. The secret is printed this once: Paprika keeps only its hash.`,
		Example: `  paprika keys create fabrikam --name urgent --scope render --tier priority` + "\n" +
			`  paprika keys create fabrikam --name ci --scope render,templates --json | jq -r .secret`,
		Args: args("TENANT"),
		RunE: func(cmd *cobra.Command, a []string) error {
			api, err := c.admin()
			if err != nil {
				return err
			}
			body := map[string]any{"name": name, "scopes": scopes}
			if cmd.Flags().Changed("tier") {
				body["tier"] = tier
			}
			var raw json.RawMessage
			if err := api.do(cmd.Context(), http.MethodPost, keysPath(a[0]), body, &raw); err != nil {
				return err
			}
			if c.json {
				return c.output(raw, nil)
			}
			if err := c.printKeys([]json.RawMessage{raw}); err != nil {
				return err
			}
			var k keyRow
			if err := json.Unmarshal(raw, &k); err != nil {
				return err
			}
			fmt.Fprintf(c.stdout, "\nsecret: %s\n", k.Secret)
			fmt.Fprintln(c.stderr, "Keep the secret now: it is not shown again.")
			return nil
		},
	}
	cmd.Flags().StringVar(&name, "name", "", "what the key is for (required)")
	cmd.Flags().StringSliceVar(&scopes, "scope", nil, "render, templates or read; repeat or separate with commas (required)")
	cmd.Flags().StringVar(&tier, "tier", "", "a configured tier for this key's work (default: its tenant's)")
	_ = cmd.MarkFlagRequired("name")
	_ = cmd.MarkFlagRequired("scope")
	_ = cmd.RegisterFlagCompletionFunc("scope", cobra.FixedCompletions([]string{"render", "templates", "read"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func (c *cli) keysListCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "list TENANT",
		Short:   "List a tenant's keys, revoked ones included (never their secrets)",
		Example: `  paprika keys list fabrikam`,
		Args:    args("TENANT"),
		RunE: func(cmd *cobra.Command, a []string) error {
			api, err := c.admin()
			if err != nil {
				return err
			}
			raw, err := listAll[json.RawMessage](cmd.Context(), api, keysPath(a[0]))
			if err != nil {
				return err
			}
			return c.printKeys(raw)
		},
	}
}

func (c *cli) keysRevokeCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "revoke TENANT KEY_ID",
		Short:   "Revoke a key at once",
		Long:    "Revoke a key: the next request with it is 401. Prints the key, with its revokedAt.",
		Example: `  paprika keys revoke fabrikam key_3hx2mq7rbs4ua`,
		Args:    args("TENANT", "KEY_ID"),
		RunE: func(cmd *cobra.Command, a []string) error {
			api, err := c.admin()
			if err != nil {
				return err
			}
			if err := api.do(cmd.Context(), http.MethodDelete, keysPath(a[0])+"/"+url.PathEscape(a[1]), nil, nil); err != nil {
				return err
			}
			raw, err := listAll[json.RawMessage](cmd.Context(), api, keysPath(a[0]))
			if err != nil {
				return err
			}
			for _, r := range raw {
				var k keyRow
				if json.Unmarshal(r, &k) == nil && k.ID == a[1] {
					if c.json {
						return c.output(r, nil)
					}
					return c.printKeys([]json.RawMessage{r})
				}
			}
			return fmt.Errorf("key %s was revoked but is not in the tenant's list", a[1])
		},
	}
}

func (c *cli) printKeys(raw []json.RawMessage) error {
	if c.json {
		return c.output(orEmpty(raw), nil)
	}
	keys, err := decodeAll[keyRow](raw)
	if err != nil {
		return err
	}
	return c.output(nil, func(w io.Writer) {
		row(w, "ID", "NAME", "SCOPES", "TIER", "PREFIX", "CREATED", "REVOKED")
		for _, k := range keys {
			row(w, k.ID, k.Name, strings.Join(k.Scopes, ","), orDash(k.Tier), k.Prefix, k.CreatedAt, orDash(k.RevokedAt))
		}
	})
}

func keysPath(tenant string) string { return tenantPath(tenant) + "/keys" }
