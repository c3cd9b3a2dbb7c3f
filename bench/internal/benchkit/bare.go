package benchkit

import "github.com/chromedp/chromedp"

// BareChromium is chromedp's defaults plus the flags this machine's closed
// network needs, as a bare program printing with chromedp would have them:
// the yardstick bench/render and bench/longdoc hold Paprika's engine to.
func BareChromium(path string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	)
}
