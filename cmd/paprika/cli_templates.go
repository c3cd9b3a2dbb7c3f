package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/paprikahq/paprika/internal/paprika"
	"github.com/paprikahq/paprika/internal/render"
	"github.com/paprikahq/paprika/internal/wire"
)

// templateRow is a stored template as the API answers it.
type templateRow = wire.Template

func (c *cli) templatesCmd() *cobra.Command {
	return group("templates", "Push and list a tenant's stored templates (PAPRIKA_KEY)",
		c.templatesPushCmd(), c.templatesListCmd())
}

func (c *cli) templatesPushCmd() *cobra.Command {
	var name, dataFile, optionsFile string
	cmd := &cobra.Command{
		Use:   "push ID FILE [--name NAME] [--data FILE] [--options FILE]",
		Short: "Store FILE as template ID: a new template, or its next version",
		Long: `Store the Handlebars HTML in FILE as the tenant's template ID: created when
ID is new, else as its next version (work already submitted keeps the
version it was given). The template must compile. --data stores a JSON
object as the template's sampleData (what the console's studio previews it
with), --options a JSON object as its options (the defaults of work that
names it, under each request's own); left out, the new version keeps the
last version's. Needs a key with the templates scope in PAPRIKA_KEY.

A Word or OpenDocument file (.docx, .odt; or any Office file, converted to
PDF) is a stored Word template (docs/office.md): FILE is uploaded first as
the asset named as the file is (PUT /v1/assets/NAME, replacing one of that
name), then the template's source is that asset, "assets/NAME".`,
		Example: `  paprika templates push invoice invoice.html --name "Invoice"
  paprika templates push invoice invoice.html --data sample.json --options options.json
  paprika templates push letter letter.docx --data sample.json`,
		Args: args("ID", "FILE"),
		RunE: func(cmd *cobra.Command, a []string) error {
			content, err := os.ReadFile(a[1])
			if err != nil {
				return err
			}
			body := map[string]any{"content": string(content)}
			asset := filepath.Base(a[1])
			_, _, notOffice := render.SourceAsset("assets/"+asset, "")
			if notOffice == nil {
				body = map[string]any{"source": "assets/" + asset}
			}
			for field, file := range map[string]string{"sampleData": dataFile, "options": optionsFile} {
				if file == "" {
					continue
				}
				b, err := os.ReadFile(file)
				if err != nil {
					return err
				}
				if !json.Valid(b) {
					return fmt.Errorf("%s is not JSON", file)
				}
				body[field] = json.RawMessage(b)
			}
			api, err := c.tenant()
			if err != nil {
				return err
			}
			if notOffice == nil {
				contentType, _ := paprika.AssetTypeByName(asset)
				if err := api.do(cmd.Context(), http.MethodPut, "/v1/assets/"+url.PathEscape(asset), rawBody{ContentType: contentType, Data: content}, nil); err != nil {
					return fmt.Errorf("uploading %s as an asset: %w", asset, err)
				}
			}
			id, path := a[0], "/v1/templates/"+url.PathEscape(a[0])
			if name != "" {
				body["name"] = name
			}
			var raw json.RawMessage
			err = api.do(cmd.Context(), http.MethodPut, path, body, &raw)
			var apiErr *apiError
			if errors.As(err, &apiErr) && apiErr.Code == paprika.CodeNotFound {
				body["id"] = id // a new template
				err = api.do(cmd.Context(), http.MethodPost, "/v1/templates", body, &raw)
			}
			if err != nil {
				return err
			}
			return c.printTemplates([]json.RawMessage{raw}, true)
		},
	}
	cmd.Flags().StringVar(&name, "name", "", "display name (default: the id, or the name it has)")
	cmd.Flags().StringVar(&dataFile, "data", "", "a JSON file: the template's sampleData")
	cmd.Flags().StringVar(&optionsFile, "options", "", "a JSON file: the template's options")
	return cmd
}

func (c *cli) templatesListCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "list",
		Short:   "List the tenant's templates, at their latest version",
		Example: `  paprika templates list`,
		Args:    args(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			api, err := c.tenant()
			if err != nil {
				return err
			}
			raw, err := listAll[json.RawMessage](cmd.Context(), api, "/v1/templates")
			if err != nil {
				return err
			}
			return c.printTemplates(raw, false)
		},
	}
}

// printTemplates prints templates without their content (the JSON keeps
// it); one is printed as an object, a list as an array.
func (c *cli) printTemplates(raw []json.RawMessage, one bool) error {
	if c.json {
		if one {
			return c.output(raw[0], nil)
		}
		return c.output(orEmpty(raw), nil)
	}
	ts, err := decodeAll[templateRow](raw)
	if err != nil {
		return err
	}
	return c.output(nil, func(w io.Writer) {
		row(w, "ID", "NAME", "VERSION", "CREATED", "UPDATED")
		for _, t := range ts {
			row(w, t.ID, t.Name, strconv.Itoa(t.Version), t.CreatedAt, t.UpdatedAt)
		}
	})
}
