package render

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDocExamples keeps the examples of docs/templates.md true.
func TestDocExamples(t *testing.T) {
	t.Parallel()
	data := `{"lines":[{"description":"Consulting hours","qty":4,"unitPrice":21.27}],"invoiceNo":"INV-1","number":"N-7",
		"billTo":{"name":"Ada","street":"1 Road","postcode":"EC1","city":"London"},"nickname":"","name":"Ada Lovelace",
		"issued":"2026-11-30T15:51:56Z","totals":{"net":1,"vat":2}}`
	cases := map[string]string{
		`{{lines.[0].description}}`:                   "Consulting hours",
		`{{#each lines}}{{@root.invoiceNo}}{{/each}}`: "INV-1",
		`{{this.number}}`:                             "N-7",
		`{{#*inline "a"}}{{name}}/{{city}}/{{title}}{{/inline}}{{> a billTo}} {{> a title="Copy"}}`: "Ada/London/ Ada Lovelace//Copy",
		`{{default nickname name}}`:                                                 "Ada Lovelace",
		`{{formatNumber 1234.5}}`:                                                   "1,234.5",
		`{{formatNumber 1234567.891 locale="de-DE"}}`:                               "1.234.567,89",
		`{{formatNumber 0.5 decimals=3 locale="fr-FR"}}`:                            "0,500",
		`{{formatCurrency 1234.5 "EUR" locale="de-DE"}}`:                            "1.234,50\u00a0€",
		`{{formatCurrency 1234.5 "EUR" locale="fr-FR"}}`:                            "1\u00a0234,50\u00a0€",
		`{{formatCurrency 1234.5 "EUR" locale="nl-NL"}}`:                            "€\u00a01.234,50",
		`{{formatCurrency 1234.5 "EUR" locale="ja-JP"}}`:                            "€1,234.50",
		`{{formatCurrency -12 "EUR"}}`:                                              "-€12.00",
		`{{formatDate issued "2006-01-02"}}`:                                        "2026-11-30",
		`{{formatDate issued "Jan 2, 2006"}}`:                                       "Nov 30, 2026",
		`{{formatDate issued "02.01.2006 15:04"}}`:                                  "30.11.2026 15:51",
		`{{formatDate issued "Monday 2 Jan 2006, 3:04 PM MST"}}`:                    "Monday 30 Nov 2026, 3:51 PM UTC",
		`{{#each totals}}{{@key}}: {{this}}{{#unless @last}}, {{/unless}}{{/each}}`: "net: 1, vat: 2",
		`{{mul 4 21.27}}`:                                                           "85.08",
		`{{#each none}}x{{else}}No lines{{/each}}`:                                  "No lines",
	}
	for src, want := range cases {
		require.Equal(t, want, mustExecute(t, src, data), src)
	}
}
