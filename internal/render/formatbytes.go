package render

import "github.com/paprikahq/paprika/internal/paprika"

// formatBytes writes a limit the way an operator sets it (paprika.FormatBytes).
func formatBytes(n int64) string { return paprika.FormatBytes(n) }
