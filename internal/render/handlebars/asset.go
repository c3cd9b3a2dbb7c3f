package handlebars

import (
	"github.com/mailgun/raymond/v2"

	"github.com/paprikahq/paprika/internal/paprika"
)

// assetHelper is {{asset "NAME"}}: the relative URL of the tenant's asset
// NAME, assets/NAME, which the page loads from the render's own assets. A
// name that cannot be an asset's fails here, naming the line; one that is
// not among the tenant's assets fails the render when the page asks for it.
func assetHelper(name any, o *raymond.Options) raymond.SafeString {
	s, ok := name.(string)
	if !ok || !paprika.ValidAssetName(s) {
		fail(o, "{{asset %s}}: %s", raymond.Str(name), paprika.AssetNameRule)
	}
	return raymond.SafeString("assets/" + s)
}
