package postgres_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/stretchr/testify/require"

	"github.com/paprikahq/paprika/internal/pgtest"
)

// Uuids reach PostgreSQL as the values they are, alone, in arrays and
// behind pointers, through a pool as Open makes it; and the plan that
// does it is the direct one, not pgx's detour through text.
func TestUUIDsEncodeDirectly(t *testing.T) {
	pool, _ := pgtest.NewPool(t)
	one, two := uuid.New(), uuid.New()
	var nilPtr *uuid.UUID
	var gotOne, gotPtr uuid.UUID
	var gotMany []uuid.UUID
	var isNull bool
	var asText string
	err := pool.QueryRow(t.Context(), `SELECT $1::uuid, $2::uuid[], $3::uuid, $4::uuid IS NULL, $1::uuid::text`,
		one, []uuid.UUID{one, two, uuid.Nil}, &two, nilPtr).Scan(&gotOne, &gotMany, &gotPtr, &isNull, &asText)
	require.NoError(t, err)
	require.Equal(t, one, gotOne)
	require.Equal(t, []uuid.UUID{one, two, uuid.Nil}, gotMany)
	require.Equal(t, two, gotPtr)
	require.True(t, isNull)
	require.Equal(t, one.String(), asText)

	conn, err := pool.Acquire(t.Context())
	require.NoError(t, err)
	defer conn.Release()
	plan := conn.Conn().TypeMap().PlanEncode(pgtype.UUIDOID, pgtype.BinaryFormatCode, one)
	require.Equal(t, "*postgres.uuidEncodePlan", fmt.Sprintf("%T", plan))
	buf, err := plan.Encode(one, nil)
	require.NoError(t, err)
	require.Equal(t, one[:], buf)
}

// BenchmarkEncodeUUIDs encodes an array of 64 uuids (a claim's or a
// completion's batch ids) with pgx's own plans and with a connection of
// postgres.Open's.
func BenchmarkEncodeUUIDs(b *testing.B) {
	ids := make([]uuid.UUID, 64)
	for i := range ids {
		ids[i] = uuid.New()
	}
	pool, _ := pgtest.NewPool(b)
	conn, err := pool.Acquire(b.Context())
	require.NoError(b, err)
	defer conn.Release()
	for name, m := range map[string]*pgtype.Map{"pgx": pgtype.NewMap(), "open": conn.Conn().TypeMap()} {
		b.Run(name, func(b *testing.B) {
			var buf []byte
			for b.Loop() {
				var err error
				if buf, err = m.Encode(pgtype.UUIDArrayOID, pgtype.BinaryFormatCode, ids, buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
