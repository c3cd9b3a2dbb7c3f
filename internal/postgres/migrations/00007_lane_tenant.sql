-- +goose Up
-- Each lane carries its tenant's tier and whether its work may start (the
-- tenant neither suspended nor deleted), kept by the two triggers below, so
-- that a claim's ranking (rank-lanes) reads the lanes alone instead of
-- joining every lane with work to its tenant: that join was 20-30% of the
-- statement at 1,000 lanes (pgbench of its generic plan, docs/performance.md).
ALTER TABLE lanes ADD COLUMN tenant_tier text, ADD COLUMN runnable boolean NOT NULL DEFAULT true;
UPDATE lanes l SET tenant_tier = t.tier, runnable = (t.suspended_at IS NULL AND t.deleted_at IS NULL)
FROM tenants t WHERE t.id = l.tenant_id;

-- A new lane copies its tenant's. FOR SHARE waits for a change of the tenant
-- under way (and makes the change wait for this lane), so that no lane is
-- made from a tenant row that is about to change without seeing it.
-- +goose StatementBegin
CREATE FUNCTION lane_from_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT t.tier, t.suspended_at IS NULL AND t.deleted_at IS NULL INTO NEW.tenant_tier, NEW.runnable
    FROM tenants t WHERE t.id = NEW.tenant_id FOR SHARE;
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER lane_from_tenant BEFORE INSERT ON lanes FOR EACH ROW EXECUTE FUNCTION lane_from_tenant();

-- A change of a tenant's tier, suspension or deletion reaches its lanes in
-- the same transaction.
-- +goose StatementBegin
CREATE FUNCTION tenant_to_lanes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE lanes SET tenant_tier = NEW.tier, runnable = (NEW.suspended_at IS NULL AND NEW.deleted_at IS NULL)
    WHERE tenant_id = NEW.id;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER tenant_to_lanes AFTER UPDATE OF tier, suspended_at, deleted_at ON tenants FOR EACH ROW
    WHEN (OLD.tier IS DISTINCT FROM NEW.tier OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at
          OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
    EXECUTE FUNCTION tenant_to_lanes();

-- +goose Down
DROP TRIGGER tenant_to_lanes ON tenants;
DROP FUNCTION tenant_to_lanes();
DROP TRIGGER lane_from_tenant ON lanes;
DROP FUNCTION lane_from_tenant();
ALTER TABLE lanes DROP COLUMN tenant_tier, DROP COLUMN runnable;
