package paprika

import (
	"slices"
	"strings"
	"time"
)

// Asset is one of a tenant's stored images, fonts, stylesheets and scripts
// (docs/templates.md, Assets). Its bytes live in the output store under
// the tenant's folder, at an object of their own (Object): a replace
// writes a new object and names it in one commit, so a render that
// resolved the old one reads the old one whole.
type Asset struct {
	TenantID    string
	Name        string // fonts/brand.woff2
	ContentType string // one of AssetTypes
	Bytes       int64
	SHA256      string // hex, lower case
	Object      string // the object's id in the tenant's folder of assets
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Limits of assets: one asset's bytes; the tenant's total is
// PAPRIKA_ASSET_QUOTA (DefaultAssetQuota).
const (
	MaxAssetBytes     = 10 << 20
	DefaultAssetQuota = 100 << 20
	// maxAssetSegment is the longest folder or file name of an asset's name,
	// and maxAssetName the longest name, folders and all.
	maxAssetSegment = 128
	maxAssetName    = 512
)

// AssetTypes are the content types an asset may have.
var AssetTypes = []string{
	"image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml",
	"font/woff2", "font/woff", "font/ttf", "font/otf",
	"text/css", "text/javascript",
	// Office files (docs/office.md): Word and OpenDocument texts are
	// templates; these and the other Office files convert to PDF.
	TypeDOCX, TypeODT, TypeXLSX, TypePPTX, TypeODS, TypeODP, TypeRTF,
}

// The content types of Office files.
const (
	TypeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	TypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	TypePPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
	TypeODT  = "application/vnd.oasis.opendocument.text"
	TypeODS  = "application/vnd.oasis.opendocument.spreadsheet"
	TypeODP  = "application/vnd.oasis.opendocument.presentation"
	TypeRTF  = "application/rtf"
)

// IsAssetType reports whether t is one of AssetTypes.
func IsAssetType(t string) bool { return slices.Contains(AssetTypes, t) }

// AssetNameRule says what a valid asset name is, for error messages.
const AssetNameRule = "an asset name is 1 to 128 of A-Z, a-z, 0-9, '.', '_' and '-', starting with a letter or digit, optionally in folders separated by '/' (fonts/brand.woff2), never '..'"

// ValidAssetName reports whether name is an asset's name: segments of
// [A-Za-z0-9][A-Za-z0-9._-]{0,127} separated by '/', none of them "..",
// at most 512 bytes in all. Being checked here, a name never reaches a
// path of the file system or a key outside the tenant's folder.
func ValidAssetName(name string) bool {
	if name == "" || len(name) > maxAssetName || strings.Contains(name, "..") {
		return false
	}
	for seg := range strings.SplitSeq(name, "/") {
		if len(seg) == 0 || len(seg) > maxAssetSegment || !alnum(seg[0]) {
			return false
		}
		for i := 1; i < len(seg); i++ {
			if c := seg[i]; !alnum(c) && c != '.' && c != '_' && c != '-' {
				return false
			}
		}
	}
	return true
}

func alnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// AssetUsage is what a tenant stores, as an upload of one name sees it.
type AssetUsage struct {
	Others   int64  // the bytes of its assets of other names
	Count    int    // how many assets of other names it has
	Old      string // the object the name has now; "" for a new name
	OldBytes int64  // its bytes
	// Orphaned are the bytes of objects no asset names any more: replaced
	// or deleted, kept an hour for renders that may still be reading them.
	Orphaned int64
}

// Check refuses an upload of adding bytes, payload-too-large, that would
// take the tenant past quota (Storage.Check): its assets, the new bytes in
// place of the name's old ones, or a new name past MaxAssets; or its
// orphaned objects, with the name's old bytes among them, which bounds
// what replaces and deletes in a row can leave in the store before the
// sweeper deletes them.
func (u AssetUsage) Check(adding, quota int64) *Error {
	s := Storage{Kind: "assets", Variable: "PAPRIKA_ASSET_QUOTA", Held: u.Others, Items: u.Count, MaxItems: MaxAssets}
	if err := s.Check(adding, quota); err != nil {
		return err
	}
	if u.Orphaned+u.OldBytes > quota {
		return Errorf(CodePayloadTooLarge,
			"Payload too large: the tenant's replaced and deleted assets hold %d bytes, past its quota of %d bytes (PAPRIKA_ASSET_QUOTA): they are kept an hour for the renders that may still read them; upload again once the sweeper has deleted them",
			u.Orphaned+u.OldBytes, quota)
	}
	return nil
}
