package paprika

// MaxAssets is the most assets one tenant may store: the quota bounds
// their bytes, and this their rows, which a tenant could otherwise add a
// byte at a time.
const MaxAssets = 10_000

// Storage is what a tenant stores of one kind (its templates, its assets),
// as one write sees it under the tenant's row lock: the one check of every
// storage quota, so that templates, assets and whatever a tenant stores
// next are bounded alike and say so alike.
type Storage struct {
	Kind     string // what is stored, for the message: "templates", "assets"
	Variable string // the quota's variable, for the message
	Held     int64  // the bytes the tenant holds of this kind, but what the write replaces
	Items    int    // the items it holds, but what the write replaces
	MaxItems int    // the most items it may hold; 0 for no bound but the bytes'
}

// Check refuses a write that would hold adding bytes (and one item more)
// beyond what s holds, payload-too-large, when it would take the tenant
// past quota bytes or past MaxItems; the message says what the tenant holds
// and the bound.
func (s Storage) Check(adding, quota int64) *Error {
	if s.Held+adding > quota {
		return Errorf(CodePayloadTooLarge,
			"Payload too large: the tenant's %s would hold %d bytes, past its quota of %d bytes (%s); they hold %d bytes now",
			s.Kind, s.Held+adding, quota, s.Variable, s.Held)
	}
	if s.MaxItems > 0 && s.Items+1 > s.MaxItems {
		return Errorf(CodePayloadTooLarge, "Payload too large: the tenant holds %d %s, the most it may (%d); delete some first",
			s.Items, s.Kind, s.MaxItems)
	}
	return nil
}
