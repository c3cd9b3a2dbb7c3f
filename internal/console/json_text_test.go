package console

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// Sample data stored with Go's HTML escapes shows &, < and > as typed; an
// escaped backslash before "u0026" stays text.
func TestIndentJSONShowsHTMLCharacters(t *testing.T) {
	raw := json.RawMessage(`{"company":"Smith \u0026 Sons \u003cLtd\u003E","path":"C:\\u0026","quote":"\"\u2028"}`)
	got := indentJSON(raw)
	require.Equal(t, "{\n  \"company\": \"Smith & Sons <Ltd>\",\n  \"path\": \"C:\\\\u0026\",\n  \"quote\": \"\\\"\\u2028\"\n}\n", got)
	var back, want map[string]any
	require.NoError(t, json.Unmarshal([]byte(got), &back))
	require.NoError(t, json.Unmarshal(raw, &want))
	require.Equal(t, want, back, "the same data")
	require.Equal(t, `{"a":"<b>"}`, compactJSON(json.RawMessage(`{"a": "\u003cb\u003e"}`)))
}
