package metrics

// Reasons a browser is restarted, the reason label.
const (
	RestartCrash    = "crash"    // it died, or a tab could not be replaced
	RestartFailures = "failures" // renders failed in it several times in a row
	RestartRenders  = "renders"  // it rendered its MaxRenders
	RestartMemory   = "memory"   // its processes grew past MaxMemory
)

var restartReasons = []string{RestartCrash, RestartFailures, RestartRenders, RestartMemory}

// ChromiumRestarted counts one browser retired to be replaced.
func (m *Metrics) ChromiumRestarted(reason string) {
	if m == nil {
		return
	}
	m.chromiumRestarts.WithLabelValues(reason).Inc()
}

// CountTabs adds a source of the paprika_chromium_tabs gauge: a render
// engine's open tabs, read at each scrape (dev mode has two engines).
func (m *Metrics) CountTabs(open func() int) {
	if m == nil {
		return
	}
	m.tabsMu.Lock()
	m.tabs = append(m.tabs, open)
	m.tabsMu.Unlock()
}

func (m *Metrics) openTabs() float64 {
	m.tabsMu.Lock()
	defer m.tabsMu.Unlock()
	n := 0
	for _, f := range m.tabs {
		n += f()
	}
	return float64(n)
}

// The engines a document is made by, the engine label.
const (
	EngineChromium    = "chromium"
	EngineLibreOffice = "libreoffice"
	EngineNone        = "none" // html, and a filled Office template answered as such
)

var engines = []string{EngineChromium, EngineLibreOffice, EngineNone}

// EngineRendered counts one render by the engine that made it, and its
// seconds.
func (m *Metrics) EngineRendered(engine string, ok bool, seconds float64) {
	if m == nil {
		return
	}
	status := "done"
	if !ok {
		status = "failed"
	}
	m.engineRenders.WithLabelValues(engine, status).Inc()
	m.engineSeconds.WithLabelValues(engine).Add(seconds)
}
