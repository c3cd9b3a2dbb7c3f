package config

import (
	"fmt"
	"log/slog"
	"strings"
)

// LogLevel reads PAPRIKA_LOG_LEVEL: debug, info (when unset), warn or
// error. It is read apart from Load, by every process command before
// anything else, since the logger exists before the configuration it
// reports on.
func LogLevel(getenv func(string) string) (slog.Level, error) {
	switch v := strings.ToLower(strings.TrimSpace(getenv("PAPRIKA_LOG_LEVEL"))); v {
	case "", "info":
		return slog.LevelInfo, nil
	case "debug":
		return slog.LevelDebug, nil
	case "warn":
		return slog.LevelWarn, nil
	case "error":
		return slog.LevelError, nil
	default:
		return 0, &Error{Var: "PAPRIKA_LOG_LEVEL", Reason: fmt.Sprintf("must be debug, info, warn or error, not %q", v)}
	}
}
