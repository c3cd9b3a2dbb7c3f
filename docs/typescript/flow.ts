// A client's flow written from docs/api.md's examples, against the types
// openapi-typescript generates from docs/openapi.yaml (paprika.d.ts, made by
// `npm run generate`) and openapi-fetch. docs/typescript_client_test.go
// generates the types and type-checks this file with `tsc --strict --noEmit`:
// it fails when the description no longer takes what the guide shows.
//
// By hand: cd docs/typescript && npm ci && npm run generate && npm run check
//
// cmd/paprika's TestGeneratedClient also runs it, compiled by tsc, against a
// live api and worker, and checks the Summary it returns.
import createClient from "openapi-fetch";
import type { components, paths } from "./paprika";

type Schemas = components["schemas"];

// What the flow saw, for the test that runs it.
export interface Summary {
  tenant: { id: string; retentionDays: number; tier: string | null };
  keyScopes: string[];
  template: { version: number; paper: unknown; sampleCustomer: unknown };
  versions: number[];
  render: { bytes: number; pages: string | null };
  landscapeBytes: number;
  pngType: string;
  job: { status: string; tier: string; contentType: string; orderId: unknown; output: string };
  part: { status: number; contentType: string | null; contentRange: string | null; bytes: number };
  jobsDone: number;
  batch: { status: string; done: number; total: number; run: unknown };
  records: string[];
  record1: string;
  canceled: { status: string; tier: string };
  usage: { rendersToday: number; csvHeader: string };
}

// The flow, top to bottom: the admin makes a tenant and its key; the tenant
// stores a template, renders one document now, queues a job and polls it,
// queues a batch and pages through its records, and cancels a job.
export async function flow(baseUrl: string, adminToken: string): Promise<Summary> {
  const admin = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${adminToken}` } });

  // Tenants: POST /v1/admin/tenants {id, name, tier?, retentionDays?}.
  const created = await admin.POST("/v1/admin/tenants", {
    body: { id: "fabrikam", name: "Fabrikam", retentionDays: 90 },
  });
  if (created.error) throw new Error(`tenant: ${created.error.code}: ${created.error.message}`);
  const tenant: Schemas["Tenant"] = created.data;

  // A tenant made with only what is required.
  const plain = await admin.POST("/v1/admin/tenants", { body: { id: "contoso", name: "Contoso" } });
  if (plain.error) throw new Error(plain.error.message);

  // Give it a tier: PATCH {tier}.
  const patched = await admin.PATCH("/v1/admin/tenants/{id}", {
    params: { path: { id: tenant.id } },
    body: { tier: "priority" },
  });
  if (patched.error) throw new Error(patched.error.message);

  // Keys: POST /v1/admin/tenants/{id}/keys {name, scopes, tier?}; the secret is shown once.
  const key = await admin.POST("/v1/admin/tenants/{id}/keys", {
    params: { path: { id: tenant.id } },
    body: { name: "urgent", scopes: ["render", "templates"], tier: "priority" },
  });
  if (key.error) throw new Error(key.error.message);
  const secret: string = key.data.secret;

  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${secret}` } });

  // Templates: POST /v1/templates {id, name?, content, sampleData?, options?}.
  const stored = await api.POST("/v1/templates", {
    body: {
      id: "receipt",
      name: "Receipt",
      content: "<h1>Receipt {{receiptNo}}</h1><p>Thank you, {{customer}}</p>",
      sampleData: { receiptNo: 1, customer: "Ada" },
      options: { paper: "A5", margin: { top: "2cm" }, pdf: { title: "Receipt" } },
    },
  });
  if (stored.error) throw new Error(stored.error.message);
  const template: Schemas["Template"] = stored.data;
  const sampleCustomer = template.sampleData["customer"];

  // PUT makes the next version: here with the studio's sample, one field changed.
  const sample = template.sampleData;
  sample["customer"] = "Grace";
  const next = await api.PUT("/v1/templates/{id}", {
    params: { path: { id: template.id } },
    body: { content: "<h1>Receipt No. {{receiptNo}}</h1><p>Thank you, {{customer}}</p>", sampleData: sample },
  });
  if (next.error) throw new Error(next.error.message);
  const versions = await api.GET("/v1/templates/{id}/versions", { params: { path: { id: template.id } } });
  if (versions.error) throw new Error(versions.error.message);

  // Renders: POST /v1/renders answers the document itself. Enumerated
  // values are written inline, as a user writes them.
  const pdf = await api.POST("/v1/renders", {
    body: { template: "<h1>Hello {{name}}</h1>", data: { name: "Paprika" }, format: "pdf", options: { paper: "A4" } },
    parseAs: "arrayBuffer",
  });
  if (pdf.error) throw new Error(`render: ${pdf.error.code}: ${pdf.error.message}`);
  const bytes: ArrayBuffer = pdf.data;

  // With options: only the ones that differ from the defaults.
  const landscape = await api.POST("/v1/renders", {
    body: {
      template: "<h1>Hello {{name}}</h1>",
      data: { name: "Paprika" },
      options: {
        paper: { width: "210mm", height: "99mm" },
        landscape: true,
        margin: { top: "1cm", bottom: "1cm" },
        pdf: {
          title: "Hello",
          watermark: { text: "DRAFT" },
          attachments: [{ name: "hello.txt", text: "Hello", relationship: "Supplement" }],
        },
      },
    },
    parseAs: "arrayBuffer",
  });
  if (landscape.error) throw new Error(landscape.error.message);
  const png = await api.POST("/v1/renders", {
    body: { template: "<h1>Hello</h1>", format: "png", options: { width: 600 } },
    parseAs: "blob",
  });
  if (png.error) throw new Error(png.error.message);
  const pngType: string = png.data.type;

  // Jobs: POST /v1/jobs is 202 and the job; poll GET /v1/jobs/{id} until it ends.
  const queued = await api.POST("/v1/jobs", {
    body: {
      templateId: "receipt@1",
      data: { receiptNo: 42, customer: "Fabrikam" },
      format: "html",
      metadata: { orderId: "A-1001" },
    },
  });
  if (queued.error) throw new Error(queued.error.message);
  let job: Schemas["Job"] = queued.data;
  while (job.status === "queued" || job.status === "running") {
    const wait = job.queue === null ? 0.2 : Math.min(job.queue.etaSeconds ?? 1, 5);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    const polled = await api.GET("/v1/jobs/{id}", { params: { path: { id: job.id } } });
    if (polled.error) throw new Error(polled.error.message);
    job = polled.data;
  }
  const orderId = job.metadata?.["orderId"];
  if (job.status !== "done" || job.output === null) {
    throw new Error(`job ${job.id} (order ${String(orderId)}) ${job.status}: ${job.error?.code ?? ""}`);
  }

  // Its output: GET /v1/jobs/{id}/output, whole or a range of it.
  const out = await api.GET("/v1/jobs/{id}/output", { params: { path: { id: job.id } }, parseAs: "text" });
  if (out.error) throw new Error(out.error.message);
  const part = await api.GET("/v1/jobs/{id}/output", {
    params: { path: { id: job.id }, header: { Range: "bytes=0-99" } },
    parseAs: "arrayBuffer",
  });
  if (part.error) throw new Error(part.error.message);

  // Jobs listed, newest first, with ?status=.
  const jobs = await api.GET("/v1/jobs", { params: { query: { status: "done", limit: 10 } } });
  if (jobs.error) throw new Error(jobs.error.message);

  // Batches: POST /v1/batches with records instead of data.
  const batch = await api.POST("/v1/batches", {
    body: {
      templateId: "receipt",
      format: "html",
      records: [
        { receiptNo: 1, customer: "Ada" },
        { receiptNo: 2, customer: "Grace" },
        { receiptNo: 3, customer: "Edsger" },
      ],
      metadata: { run: "2026-11" },
    },
  });
  if (batch.error) throw new Error(batch.error.message);
  let b: Schemas["Batch"] = batch.data;
  while (b.status === "queued" || b.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const polled = await api.GET("/v1/batches/{id}", { params: { path: { id: b.id } } });
    if (polled.error) throw new Error(polled.error.message);
    b = polled.data;
  }

  // Its records, two a page: ?limit=2, then ?after= the page's next.
  const records: string[] = [];
  let after: string | undefined;
  do {
    const page = await api.GET("/v1/batches/{id}/records", {
      params: { path: { id: b.id }, query: { limit: 2, after } },
    });
    if (page.error) throw new Error(page.error.message);
    for (const r of page.data.data) records.push(`${r.index} ${r.status} ${r.outputUrl ?? r.error?.code ?? ""}`);
    after = page.data.next ?? undefined;
  } while (after !== undefined);

  const record = await api.GET("/v1/batches/{id}/records/{index}/output", {
    params: { path: { id: b.id, index: 1 } },
    parseAs: "text",
  });
  if (record.error) throw new Error(record.error.message);

  // Usage: GET /v1/usage answers JSON, or CSV with Accept: text/csv. A
  // client made for JSON (the second type parameter) reads the JSON shape;
  // CSV is read as text.
  const json = createClient<paths, "application/json">({ baseUrl, headers: { Authorization: `Bearer ${secret}` } });
  const today = new Date().toISOString().slice(0, 10);
  const usage = await json.GET("/v1/usage", { params: { query: { from: today, to: today } } });
  if (usage.error) throw new Error(usage.error.message);
  const rendersToday = usage.data.total.renders;
  const csv = await api.GET("/v1/usage", {
    params: { query: { from: today, to: today } },
    headers: { Accept: "text/csv" },
    parseAs: "text",
  });
  if (csv.error) throw new Error(csv.error.message);
  const csvHeader: string = csv.data.split("\n")[0] ?? "";

  // Cancel: DELETE /v1/jobs/{id} answers 200 with the job, now canceled (this
  // one waits for a page that never gets ready, so it is still there).
  const later = await api.POST("/v1/jobs", {
    body: { template: "<p>later</p>", options: { waitFor: "window.never === true" } },
  });
  if (later.error) throw new Error(later.error.message);
  const canceled = await api.DELETE("/v1/jobs/{id}", { params: { path: { id: later.data.id } } });
  if (canceled.error) throw new Error(`${canceled.response.status} ${canceled.error.code}`);
  const tier: string = canceled.data.tier;

  return {
    tenant: { id: tenant.id, retentionDays: tenant.retentionDays, tier: patched.data.tier },
    keyScopes: key.data.scopes,
    template: { version: template.version, paper: template.options.paper, sampleCustomer },
    versions: versions.data.data.map((v) => v.version),
    render: { bytes: bytes.byteLength, pages: pdf.response.headers.get("X-Render-Pages") },
    landscapeBytes: landscape.data.byteLength,
    pngType,
    job: { status: job.status, tier: job.tier, contentType: job.output.contentType, orderId, output: out.data },
    part: {
      status: part.response.status,
      contentType: part.response.headers.get("Content-Type"),
      contentRange: part.response.headers.get("Content-Range"),
      bytes: part.data.byteLength,
    },
    jobsDone: jobs.data.data.length,
    batch: { status: b.status, done: b.done, total: b.total, run: b.metadata?.["run"] },
    records,
    record1: record.data,
    canceled: { status: canceled.data.status, tier },
    usage: { rendersToday, csvHeader },
  };
}

// What the guide promises of the answers, checked as types (the flow above
// only writes the free-form objects): a client reads any key of them.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type FreeForm = { [key: string]: unknown };
export const jobMetadataIsFreeForm: Equal<Schemas["Job"]["metadata"], FreeForm | null> = true;
export const batchMetadataIsFreeForm: Equal<Schemas["Batch"]["metadata"], FreeForm | null> = true;
export const sampleDataIsFreeForm: Equal<Schemas["Template"]["sampleData"], FreeForm> = true;
export const recordsNextIsAString: Equal<Schemas["RecordList"]["next"], string | null> = true;
export const jobTierIsAString: Equal<Schemas["Job"]["tier"], string> = true;
