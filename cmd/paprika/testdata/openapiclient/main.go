// Command openapiclient drives a real Paprika API through a client that
// TestGeneratedClient generates from docs/openapi.yaml with oapi-codegen, in
// the same package: a tenant and its key, a stored template, a job and a
// batch to the end, their outputs, and one refusal. It prints what it saw as
// JSON for the test to check, and exits 1 at the first surprise.
package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"
)

// summary is what the test checks.
type summary struct {
	TenantTier   string   `json:"tenantTier"`
	KeyScopes    []string `json:"keyScopes"`
	Tiers        []string `json:"tiers"`
	TemplateVer  int      `json:"templateVersion"`
	JobStatus    string   `json:"jobStatus"`
	JobTier      string   `json:"jobTier"`
	JobTemplate  string   `json:"jobTemplate"`
	JobType      string   `json:"jobContentType"`
	JobOutput    string   `json:"jobOutput"`
	JobsListed   int      `json:"jobsListed"`
	BatchStatus  string   `json:"batchStatus"`
	BatchDone    int      `json:"batchDone"`
	Records      []string `json:"records"`
	Record2      string   `json:"record2"`
	ZipFiles     []string `json:"zipFiles"`
	NotFoundCode string   `json:"notFoundCode"`
}

func main() {
	url := flag.String("url", "", "the API")
	admin := flag.String("admin", "", "the admin token")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := drive(ctx, *url, *admin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	_ = json.NewEncoder(os.Stdout).Encode(s)
}

func bearer(token string) RequestEditorFn {
	return func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+token)
		return nil
	}
}

func want(status int, got *http.Response, body []byte) error {
	if got.StatusCode != status {
		return fmt.Errorf("%s %s answered %d, want %d: %s", got.Request.Method, got.Request.URL, got.StatusCode, status, body)
	}
	return nil
}

func drive(ctx context.Context, url, adminToken string) (*summary, error) {
	var s summary
	adminC, err := NewClientWithResponses(url, WithRequestEditorFn(bearer(adminToken)))
	if err != nil {
		return nil, err
	}

	// The admin's part: a tenant, its tier, a key; the scheduler's tiers.
	tr, err := adminC.CreateTenantWithResponse(ctx, CreateTenantJSONRequestBody{Id: "codegen", Name: "Codegen"})
	if err != nil {
		return nil, err
	}
	if err := want(201, tr.HTTPResponse, tr.Body); err != nil {
		return nil, err
	}
	tier := "priority"
	pr, err := adminC.PatchTenantWithResponse(ctx, "codegen", PatchTenantJSONRequestBody{Tier: &tier})
	if err != nil {
		return nil, err
	}
	if err := want(200, pr.HTTPResponse, pr.Body); err != nil {
		return nil, err
	}
	s.TenantTier = *pr.JSON200.Tier
	kr, err := adminC.CreateKeyWithResponse(ctx, "codegen", CreateKeyJSONRequestBody{Name: "codegen", Scopes: []Scope{Render, Templates}})
	if err != nil {
		return nil, err
	}
	if err := want(201, kr.HTTPResponse, kr.Body); err != nil {
		return nil, err
	}
	for _, sc := range kr.JSON201.Scopes {
		s.KeyScopes = append(s.KeyScopes, string(sc))
	}
	mr, err := adminC.SchedulerMeasuresWithResponse(ctx, &SchedulerMeasuresParams{})
	if err != nil {
		return nil, err
	}
	if err := want(200, mr.HTTPResponse, mr.Body); err != nil {
		return nil, err
	}
	for _, t := range mr.JSON200.Tiers {
		s.Tiers = append(s.Tiers, string(t.Tier))
	}

	// The tenant's part, with the new key.
	c, err := NewClientWithResponses(url, WithRequestEditorFn(bearer(kr.JSON201.Secret)))
	if err != nil {
		return nil, err
	}
	name, content := "Letter", "<p>Dear {{name}}</p>"
	ct, err := c.CreateTemplateWithResponse(ctx, CreateTemplateJSONRequestBody{Id: "letter", Name: &name, Content: &content})
	if err != nil {
		return nil, err
	}
	if err := want(201, ct.HTTPResponse, ct.Body); err != nil {
		return nil, err
	}
	s.TemplateVer = ct.JSON201.Version

	// A job from the stored template, polled to the end.
	html := FormatName("html")
	ref := TemplateRef("letter")
	jr, err := c.CreateJobWithResponse(ctx, CreateJobJSONRequestBody{TemplateId: &ref, Format: &html,
		Data: &map[string]any{"name": "Ada & Bob"}})
	if err != nil {
		return nil, err
	}
	if err := want(202, jr.HTTPResponse, jr.Body); err != nil {
		return nil, err
	}
	job := jr.JSON202
	for string(job.Status) == "queued" || string(job.Status) == "running" {
		time.Sleep(50 * time.Millisecond)
		g, err := c.GetJobWithResponse(ctx, job.Id)
		if err != nil {
			return nil, err
		}
		if err := want(200, g.HTTPResponse, g.Body); err != nil {
			return nil, err
		}
		job = g.JSON200
	}
	s.JobStatus, s.JobTier = string(job.Status), job.Tier
	if job.TemplateId != nil {
		s.JobTemplate = *job.TemplateId
	}
	if job.Output != nil {
		s.JobType = job.Output.ContentType
	}
	or, err := c.JobOutputWithResponse(ctx, job.Id, &JobOutputParams{})
	if err != nil {
		return nil, err
	}
	if err := want(200, or.HTTPResponse, or.Body); err != nil {
		return nil, err
	}
	s.JobOutput = string(or.Body)
	lr, err := c.ListJobsWithResponse(ctx, &ListJobsParams{})
	if err != nil {
		return nil, err
	}
	if err := want(200, lr.HTTPResponse, lr.Body); err != nil {
		return nil, err
	}
	s.JobsListed = len(lr.JSON200.Data)

	// A batch of three records, polled to the end.
	inline := "<p>Record {{n}}</p>"
	br, err := c.CreateBatchWithResponse(ctx, CreateBatchJSONRequestBody{Template: &inline, Format: &html,
		Records: []*map[string]any{{"n": 1}, {"n": 2}, {"n": 3}}})
	if err != nil {
		return nil, err
	}
	if err := want(202, br.HTTPResponse, br.Body); err != nil {
		return nil, err
	}
	batch := br.JSON202
	for string(batch.Status) == "queued" || string(batch.Status) == "running" {
		time.Sleep(50 * time.Millisecond)
		g, err := c.GetBatchWithResponse(ctx, batch.Id)
		if err != nil {
			return nil, err
		}
		if err := want(200, g.HTTPResponse, g.Body); err != nil {
			return nil, err
		}
		batch = g.JSON200
	}
	s.BatchStatus, s.BatchDone = string(batch.Status), batch.Done
	rr, err := c.ListRecordsWithResponse(ctx, batch.Id, &ListRecordsParams{})
	if err != nil {
		return nil, err
	}
	if err := want(200, rr.HTTPResponse, rr.Body); err != nil {
		return nil, err
	}
	for _, r := range rr.JSON200.Data {
		s.Records = append(s.Records, fmt.Sprintf("%d %s", r.Index, r.Status))
	}
	ro, err := c.RecordOutputWithResponse(ctx, batch.Id, 2, &RecordOutputParams{})
	if err != nil {
		return nil, err
	}
	if err := want(200, ro.HTTPResponse, ro.Body); err != nil {
		return nil, err
	}
	s.Record2 = string(ro.Body)
	zr, err := c.BatchOutputWithResponse(ctx, batch.Id, &BatchOutputParams{})
	if err != nil {
		return nil, err
	}
	if err := want(200, zr.HTTPResponse, zr.Body); err != nil {
		return nil, err
	}
	z, err := zip.NewReader(bytes.NewReader(zr.Body), int64(len(zr.Body)))
	if err != nil {
		return nil, fmt.Errorf("the batch's ZIP: %w", err)
	}
	for _, f := range z.File {
		s.ZipFiles = append(s.ZipFiles, f.Name)
	}
	slices.Sort(s.ZipFiles)

	// A refusal, decoded as the document says.
	nf, err := c.GetJobWithResponse(ctx, openapi_types.UUID{})
	if err != nil {
		return nil, err
	}
	if err := want(404, nf.HTTPResponse, nf.Body); err != nil {
		return nil, err
	}
	if nf.JSON404 == nil {
		return nil, fmt.Errorf("the 404 was not decoded: %s", nf.Body)
	}
	s.NotFoundCode = fmt.Sprint(nf.JSON404.Code)
	return &s, nil
}
