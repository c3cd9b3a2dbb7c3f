package api

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// batchBodies are bodies decodeBatch must read as decodeBytes does: each
// way it can split one, and each way it leaves one whole.
var batchBodies = []string{
	`{"template": "<p>{{n}}</p>", "format": "html", "records": [{"n": 1}, null, {"s": "a,]}\"[{"}, {}]}`,
	` { "records" : [ {"a": [1, {"b": "}"}]} , {"c": -1.5e3}, true, "x", 7 ] , "template": "x" } `,
	`{"records": [], "template": "x"}`, `{"records": [{}]}`, `{"template": "x"}`, `{}`,
	`{"records": [{}], "records": [{}, {}]}`, `{"Records": [{}]}`, `{"rec\u006frds": [{}]}`,
	`{"records": {"a": 1}}`, `{"records": null}`, `{"records": 5}`, `{"records": [{}], "record": {}}`,
	`{"records": [{}], "data": {"a": 1}}`, `{"records": [{"a": "\u0000"}]}`, `{"records": [{"a": "\ud800"}]}`,
	`{"records": [{}]} {}`, `{"records": [{}]`, `[{"records": []}]`, `null`, ``, `  `, `{"a\u0000": 1, "records": [{}]}`,
	`{"records": [{}], "metadata": {"k": "v"}, "webhookUrl": "https://h.example/", "options": {"paper": "A4"}}`,
	`{"records": [{}], "options": {"nope": 1}}`, `{"records": [{"deep": [[[[[[1]]]]]]}], "format": 3}`,
}

// TestDecodeBatchAsDecodeBytes checks that decodeBatch reads each body as
// decodeBytes does: the same input, records and error.
func TestDecodeBatchAsDecodeBytes(t *testing.T) {
	t.Parallel()
	for _, body := range batchBodies {
		requireDecodeBatchAsDecodeBytes(t, []byte(body))
	}
}

// FuzzDecodeBatch gives any body to decodeBatch and decodeBytes: both read
// it alike, and neither panics.
//
//	go test ./internal/api -run '^$' -fuzz FuzzDecodeBatch -fuzztime 1m -parallel 1
func FuzzDecodeBatch(f *testing.F) {
	for _, body := range batchBodies {
		f.Add([]byte(body))
	}
	f.Fuzz(func(t *testing.T, body []byte) { requireDecodeBatchAsDecodeBytes(t, body) })
}

func requireDecodeBatchAsDecodeBytes(t *testing.T, body []byte) {
	t.Helper()
	var want, got batchInput
	wantErr := decodeBytes(body, &want)
	gotErr := decodeBatch(body, &got)
	if wantErr != nil {
		require.EqualError(t, gotErr, wantErr.Error(), "%s", body)
		return
	}
	require.NoError(t, gotErr, "%s", body)
	require.Equal(t, want.workInput, got.workInput, "%s", body)
	require.Len(t, got.Records, len(want.Records), "%s", body)
	for i := range want.Records {
		require.Equal(t, string(want.Records[i]), string(got.Records[i]), "%s: record %d", body, i)
	}
}

// TestDecodeBatchCopies checks that a batch's records are not copied: a
// body of 20 MiB is decoded with next to nothing allocated, where a
// json.Decoder allocated 86 MiB. It counts the process's allocations, so
// it runs alone: not t.Parallel.
func TestDecodeBatchCopies(t *testing.T) {
	record := `{"n": "` + strings.Repeat("x", 64<<10) + `"},`
	body := []byte(`{"template": "<p>{{n}}</p>", "format": "html", "records": [` + strings.Repeat(record, 320) + `{}]}`)
	var in batchInput
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := decodeBatch(body, &in)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Len(t, in.Records, 321)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(len(body)/4), "bytes allocated to decode %d bytes", len(body))
}
