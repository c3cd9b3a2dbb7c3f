package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/paprikahq/paprika/internal/wire"
)

// tenantRow is a tenant as the API answers it.
type tenantRow = wire.Tenant

func (c *cli) tenantsCmd() *cobra.Command {
	return group("tenants", "Create, list, change and delete tenants (admin token)",
		c.tenantsCreateCmd(), c.tenantsListCmd(), c.tenantsGetCmd(), c.tenantsSetTierCmd(),
		c.tenantsSuspendCmd(true), c.tenantsSuspendCmd(false), c.tenantsDeleteCmd())
}

func (c *cli) tenantsCreateCmd() *cobra.Command {
	var name, tier string
	var retention int
	cmd := &cobra.Command{
		Use:   "create ID --name NAME [--tier TIER] [--retention-days N]",
		Short: "Create a tenant",
		Long: `Create a tenant. ID is 1 to 63 of a-z, 0-9 and "-", starting with a letter or
digit. Without --tier it has the default tier; without --retention-days its
finished work is kept 30 days.`,
		Example: `  paprika tenants create fabrikam --name Fabrikam --tier priority --retention-days 90`,
		Args:    args("ID"),
		RunE: func(cmd *cobra.Command, a []string) error {
			body := map[string]any{"id": a[0], "name": name}
			if name == "" {
				body["name"] = a[0]
			}
			if cmd.Flags().Changed("tier") {
				body["tier"] = tier
			}
			if cmd.Flags().Changed("retention-days") {
				body["retentionDays"] = retention
			}
			return c.tenantCall(cmd.Context(), http.MethodPost, "/v1/admin/tenants", body)
		},
	}
	cmd.Flags().StringVar(&name, "name", "", "display name (default: the id)")
	cmd.Flags().StringVar(&tier, "tier", "", "a configured tier (default: the default tier)")
	cmd.Flags().IntVar(&retention, "retention-days", 0, "days finished work is kept (default 30)")
	return cmd
}

func (c *cli) tenantsListCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "list",
		Short:   "List every tenant, deleted ones included",
		Example: `  paprika tenants list` + "\n" + `  paprika tenants list --json | jq -r '.[].id'`,
		Args:    args(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			api, err := c.admin()
			if err != nil {
				return err
			}
			raw, err := listAll[json.RawMessage](cmd.Context(), api, "/v1/admin/tenants")
			if err != nil {
				return err
			}
			return c.printTenants(raw)
		},
	}
}

func (c *cli) tenantsGetCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "get ID",
		Short:   "Show a tenant",
		Example: `  paprika tenants get fabrikam`,
		Args:    args("ID"),
		RunE: func(cmd *cobra.Command, a []string) error {
			return c.tenantCall(cmd.Context(), http.MethodGet, tenantPath(a[0]), nil)
		},
	}
}

func (c *cli) tenantsSetTierCmd() *cobra.Command {
	var toDefault bool
	cmd := &cobra.Command{
		Use:   "set-tier ID (TIER | --default)",
		Short: "Give a tenant a tier, or the default tier",
		Long: `Give a tenant one of the tiers of PAPRIKA_TIERS, or with --default no tier of
its own (it then has the default tier). Its queued work takes the new tier
when a worker claims it, so an upgrade speeds up work already waiting.`,
		Example: `  paprika tenants set-tier fabrikam priority` + "\n" + `  paprika tenants set-tier fabrikam --default`,
		Args: func(cmd *cobra.Command, a []string) error {
			switch {
			case toDefault && len(a) == 1, !toDefault && len(a) == 2:
				return nil
			case toDefault:
				return usageError("give ID alone with --default")
			default:
				return usageError("wants ID and TIER (or ID and --default)")
			}
		},
		RunE: func(cmd *cobra.Command, a []string) error {
			var tier any // null: the default tier
			if !toDefault {
				tier = a[1]
			}
			return c.tenantCall(cmd.Context(), http.MethodPatch, tenantPath(a[0]), map[string]any{"tier": tier})
		},
	}
	cmd.Flags().BoolVar(&toDefault, "default", false, "no tier of its own: the default tier")
	return cmd
}

// tenantsSuspendCmd is suspend (true) or resume (false).
func (c *cli) tenantsSuspendCmd(suspend bool) *cobra.Command {
	name, short := "resume", "Resume a suspended tenant: its keys work again, its queued work is claimed"
	if suspend {
		name, short = "suspend", "Suspend a tenant: its keys get 403, its queued work waits unclaimed"
	}
	return &cobra.Command{
		Use:     name + " ID",
		Short:   short,
		Example: "  paprika tenants " + name + " fabrikam",
		Args:    args("ID"),
		RunE: func(cmd *cobra.Command, a []string) error {
			return c.tenantCall(cmd.Context(), http.MethodPatch, tenantPath(a[0]), map[string]any{"suspended": suspend})
		},
	}
}

func (c *cli) tenantsDeleteCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "delete ID",
		Short: "Delete a tenant: revoke its keys, cancel its queued work",
		Long: `Delete a tenant: its keys are revoked and its queued work canceled at once;
its data is purged by the retention sweeper. The id stays taken. Prints the
tenant, with its deletedAt.`,
		Example: `  paprika tenants delete fabrikam`,
		Args:    args("ID"),
		RunE: func(cmd *cobra.Command, a []string) error {
			api, err := c.admin()
			if err != nil {
				return err
			}
			if err := api.do(cmd.Context(), http.MethodDelete, tenantPath(a[0]), nil, nil); err != nil {
				return err
			}
			return c.tenantCall(cmd.Context(), http.MethodGet, tenantPath(a[0]), nil)
		},
	}
}

// tenantCall sends one admin request whose answer is a tenant, and prints it.
func (c *cli) tenantCall(ctx context.Context, method, path string, body any) error {
	api, err := c.admin()
	if err != nil {
		return err
	}
	var raw json.RawMessage
	if err := api.do(ctx, method, path, body, &raw); err != nil {
		return err
	}
	if c.json {
		return c.output(raw, nil)
	}
	return c.printTenants([]json.RawMessage{raw})
}

func (c *cli) printTenants(raw []json.RawMessage) error {
	if c.json {
		return c.output(orEmpty(raw), nil)
	}
	tenants, err := decodeAll[tenantRow](raw)
	if err != nil {
		return err
	}
	return c.output(nil, func(w io.Writer) {
		row(w, "ID", "NAME", "TIER", "RETENTION", "CREATED", "SUSPENDED", "DELETED")
		for _, t := range tenants {
			row(w, t.ID, t.Name, orDash(t.Tier), strconv.Itoa(t.RetentionDays)+"d", t.CreatedAt, orDash(t.SuspendedAt), orDash(t.DeletedAt))
		}
	})
}

func tenantPath(id string) string { return "/v1/admin/tenants/" + url.PathEscape(id) }

// orEmpty makes an empty list print as [] rather than null.
func orEmpty(raw []json.RawMessage) []json.RawMessage {
	if raw == nil {
		return []json.RawMessage{}
	}
	return raw
}
