package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"github.com/spf13/cobra"

	"github.com/paprikahq/paprika/internal/wire"
)

func (c *cli) usageCmd() *cobra.Command {
	var from, to, tenant string
	var asCSV bool
	cmd := &cobra.Command{
		Use:   "usage [--from DAY] [--to DAY] [--tenant ID] [--csv]",
		Short: "Show what each tenant rendered, by UTC day and tier, for billing",
		Long: `Show usage by UTC day, tenant and tier: synchronous renders, jobs and batch
records finished, the documents they made, their pages, render seconds and
bytes, how many failed, and the console studio's previews (counted apart,
in none of the other columns). Days are YYYY-MM-DD, both included; --to
defaults to today and --from to the first of --to's month (401 days at
most). With PAPRIKA_ADMIN_TOKEN it shows every tenant's, or --tenant's;
with only PAPRIKA_KEY, that key's tenant's own. --csv prints the API's CSV
columns, a header line first; --json the API's answer.`,
		Example: `  paprika usage` + "\n" + `  paprika usage --from 2026-11-01 --to 2026-11-30 --tenant fabrikam` + "\n" +
			`  paprika usage --from 2026-11-01 --to 2026-11-30 --csv > november.csv`,
		Args: args(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			q := url.Values{}
			if from != "" {
				q.Set("from", from)
			}
			if to != "" {
				q.Set("to", to)
			}
			path := "/v1/admin/usage"
			client, err := c.admin()
			if c.getenv("PAPRIKA_ADMIN_TOKEN") == "" && c.getenv("PAPRIKA_KEY") != "" {
				if tenant != "" {
					return usageError("--tenant needs PAPRIKA_ADMIN_TOKEN: a key sees its own tenant's usage only")
				}
				path = "/v1/usage"
				client, err = c.tenant()
			} else if tenant != "" {
				q.Set("tenant", tenant)
			}
			if err != nil {
				return err
			}
			if tenant != "" {
				if err := checkTenant(cmd.Context(), client, tenant); err != nil {
					return err
				}
			}
			if len(q) > 0 {
				path += "?" + q.Encode()
			}
			var raw json.RawMessage
			if err := client.do(cmd.Context(), http.MethodGet, path, nil, &raw); err != nil {
				return err
			}
			if c.json && !asCSV {
				return c.output(raw, nil)
			}
			var u wire.UsageList
			if err := json.Unmarshal(raw, &u); err != nil {
				return fmt.Errorf("the API's answer is not the JSON expected: %v", err)
			}
			if asCSV {
				return writeUsageCSV(c.stdout, u)
			}
			return c.printUsage(u)
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the first UTC day, YYYY-MM-DD (default: the first of --to's month)")
	cmd.Flags().StringVar(&to, "to", "", "the last UTC day, YYYY-MM-DD, included (default: today)")
	cmd.Flags().StringVar(&tenant, "tenant", "", "only this tenant's usage (admin token)")
	cmd.Flags().BoolVar(&asCSV, "csv", false, "print CSV, as the API answers Accept: text/csv")
	return cmd
}

// checkTenant fails for a tenant the API does not know: the usage API
// answers an unknown tenant with no days, which would print zeros for a
// typo. A deleted tenant is known (its usage is kept).
func checkTenant(ctx context.Context, client *apiClient, id string) error {
	err := client.do(ctx, http.MethodGet, tenantPath(id), nil, nil)
	var apiErr *apiError
	if errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound {
		return fmt.Errorf("no tenant %q (paprika tenants list shows them)", id)
	}
	return err
}

func writeUsageCSV(w io.Writer, u wire.UsageList) error {
	cw := csv.NewWriter(w)
	_ = cw.Write(wire.UsageCSVColumns)
	for _, d := range u.Days {
		_ = cw.Write(d.CSV())
	}
	cw.Flush()
	return cw.Error()
}

// printUsage prints the days as a table, a total row last.
func (c *cli) printUsage(u wire.UsageList) error {
	err := c.output(nil, func(w io.Writer) {
		row(w, "DAY", "TENANT", "TIER", "RENDERS", "JOBS", "RECORDS", "DOCUMENTS", "PAGES", "RENDER SECONDS", "BYTES", "FAILED", "PREVIEWS")
		for _, d := range u.Days {
			row(w, d.CSV()...)
		}
		row(w, wire.Usage{Day: "total", Tenant: "-", Tier: "-", UsageCounts: u.Total}.CSV()...)
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(c.stdout, "\nUTC days %s to %s\n", u.From, u.To)
	return err
}
