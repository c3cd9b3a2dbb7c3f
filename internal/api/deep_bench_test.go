package api

import (
	"bytes"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/paprika"
)

// deepDataBody is a hostile input: a render whose data is 10 MB of
// lists nested 5,000 deep, 1,000 numbers at each level. Refusing it took
// 18 s of CPU when the text check built the path of every value.
func deepDataBody() []byte {
	const levels, width = 5000, 1000
	var b bytes.Buffer
	b.WriteString(`{"template": "<p>x</p>", "format": "html", "data": {"l": `)
	for range levels {
		b.WriteByte('[')
		b.WriteString(strings.Repeat("0,", width))
	}
	b.WriteString("0")
	b.WriteString(strings.Repeat("]", levels))
	b.WriteString("}}")
	return b.Bytes()
}

// wideDataBody is as big, within the depth, with the one string PostgreSQL
// cannot store at its very end: the check walks all of it to refuse it.
func wideDataBody() []byte {
	const levels, width = 60, 2_000_000
	var b bytes.Buffer
	b.WriteString(`{"template": "<p>x</p>", "format": "html", "data": {"l": `)
	for range levels {
		b.WriteString(`[{"k": "v"},`)
	}
	b.WriteString(strings.Repeat(`"ab",`, width))
	b.WriteString(`"\u0000"`)
	b.WriteString(strings.Repeat("]", levels))
	b.WriteString("}}")
	return b.Bytes()
}

func TestRefuseDeepData(t *testing.T) {
	t.Parallel()
	body := deepDataBody()
	require.Greater(t, len(body), 10_000_000)
	var in renderInput
	err := decodeBytes(body, &in)
	var pe *paprika.Error
	require.ErrorAs(t, err, &pe)
	require.Equal(t, paprika.CodeBadRequest, pe.Code)
	// The body, data and l's list are three levels: the 63rd list is the
	// 65th level, the last entry of 62 lists of 1,000 numbers and a list.
	require.Equal(t, "Bad request: data.l"+strings.Repeat("[1000]", 62)+" nests deeper than 64 levels of objects and lists", pe.Message)

	body = wideDataBody()
	require.Greater(t, len(body), 10_000_000)
	err = decodeBytes(body, &in)
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "Bad request: data.l"+strings.Repeat("[1]", 59)+"[2000001] holds a NUL character (\\u0000), which cannot be stored", pe.Message)
}

// BenchmarkRefuseDeepData measures the refusal of deepDataBody as the api
// does it: decoding (encoding/json scans all 10 MB) and the checks.
func BenchmarkRefuseDeepData(b *testing.B) {
	benchmarkRefuse(b, deepDataBody())
}

// BenchmarkRefuseWideData is BenchmarkRefuseDeepData for wideDataBody,
// whose check walks every byte.
func BenchmarkRefuseWideData(b *testing.B) {
	benchmarkRefuse(b, wideDataBody())
}

// benchmarkRefuse decodes body, which must be refused, b.N times, and
// reports the process's CPU time per refusal as well as the wall time: on
// a machine shared with other work the wall time says little.
func benchmarkRefuse(b *testing.B, body []byte) {
	b.SetBytes(int64(len(body)))
	start := cpuTime(b)
	for b.Loop() {
		var in renderInput
		if err := decodeBytes(body, &in); err == nil {
			b.Fatal("accepted")
		}
	}
	b.ReportMetric(float64((cpuTime(b)-start).Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the user and system time the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
