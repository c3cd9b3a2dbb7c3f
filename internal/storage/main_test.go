package storage

import (
	"testing"

	"github.com/paprikahq/paprika/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }
