package handlebars

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the tz= of the date helper must not depend on the host

	"github.com/mailgun/raymond/v2"
	"golang.org/x/text/currency"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// helpers are the template helpers a document needs, registered on every
// compiled template (not globally: raymond's global registry panics on a
// second registration). docs/templates.md describes each.
var helpers map[string]any

func init() {
	helpers = map[string]any{
		"_p":             partialHelper,
		"each":           eachHelper,
		"log":            func(...any) string { return "" }, // raymond's writes to its logger
		"formatNumber":   numberHelper,
		"formatCurrency": currencyHelper,
		"formatDate":     dateHelper,
		"eq":             func(a, b any) bool { return compare(a, b) == 0 },
		"ne":             func(a, b any) bool { return compare(a, b) != 0 },
		"gt":             func(a, b any) bool { return compare(a, b) > 0 },
		"gte":            func(a, b any) bool { return compare(a, b) >= 0 },
		"lt":             func(a, b any) bool { return compare(a, b) < 0 },
		"lte":            func(a, b any) bool { return compare(a, b) <= 0 },
		"and":            func(a, b any) bool { return raymond.IsTrue(a) && raymond.IsTrue(b) },
		"or":             func(a, b any) bool { return raymond.IsTrue(a) || raymond.IsTrue(b) },
		"not":            func(a any) bool { return !raymond.IsTrue(a) },
		"default": func(v, fallback any) any {
			if raymond.IsTrue(v) {
				return v
			}
			return fallback
		},
		"add":   arith("add", func(a, b float64) (float64, bool) { return a + b, true }),
		"sub":   arith("sub", func(a, b float64) (float64, bool) { return a - b, true }),
		"mul":   arith("mul", func(a, b float64) (float64, bool) { return a * b, true }),
		"div":   arith("div", func(a, b float64) (float64, bool) { return a / b, b != 0 }),
		"round": roundHelper,
		"sum":   sumHelper,
		"json":  jsonHelper,
		// Helpers that draw (barcode.go).
		"qrcode":  qrcodeHelper,
		"barcode": barcodeHelper,
		// The URL of one of the tenant's assets (assets.go).
		"asset": assetHelper,
	}
}

// state returns the execution's limits, which exec registered by its root
// data frame (state.go), out of the template's reach.
func state(o *raymond.Options) *execState {
	st, ok := lookupState(o.DataFrame())
	if !ok {
		fail(o, "internal: template state lost")
	}
	return st
}

// partialHelper wraps every inline partial's body: it bounds how deep
// partials nest and counts what they produce.
func partialHelper(o *raymond.Options) raymond.SafeString {
	st := state(o)
	if st.depth++; st.depth > maxPartialDepth {
		// At the partial that went one level too deep: its definition's line.
		panic(&helperError{pos: callPos(o), msg: errTooDeep.Error()})
	}
	out := o.Fn()
	st.depth--
	st.charge(o, len(out))
	return raymond.SafeString(out)
}

// eachHelper replaces raymond's each: the same @index, @key, @first and
// @last, but keys of objects in sorted order (raymond's follow Go's random
// map order), linear instead of quadratic concatenation, and every
// iteration counted against the execution's limits.
func eachHelper(v any, o *raymond.Options) raymond.SafeString {
	if !raymond.IsTrue(v) {
		return raymond.SafeString(o.Inverse())
	}
	st := state(o)
	var b strings.Builder
	iterate := func(i, n int, key, item any) {
		frame := o.NewDataFrame()
		frame.Set("index", i)
		frame.Set("key", key)
		frame.Set("first", i == 0)
		frame.Set("last", i == n-1)
		out := o.FnCtxData(item, frame)
		st.charge(o, len(out))
		b.WriteString(out)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		for i := range rv.Len() {
			iterate(i, rv.Len(), i, rv.Index(i).Interface())
		}
	case reflect.Map:
		keys := rv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i].Interface()) < fmt.Sprint(keys[j].Interface()) })
		for i, k := range keys {
			iterate(i, len(keys), k.Interface(), rv.MapIndex(k).Interface())
		}
	default:
		return raymond.SafeString(o.FnWith(v))
	}
	return raymond.SafeString(b.String())
}

// fail stops the execution with msg, at the position of the helper call.
func fail(o *raymond.Options, format string, args ...any) {
	panic(&helperError{pos: callPos(o), msg: fmt.Sprintf(format, args...)})
}

// callPos finds the byte offset of the node raymond is evaluating. raymond
// keeps it in an unexported field of its visitor and puts it only in the
// messages of its own errors, so it is read by reflection; -1 when the
// layout ever changes (TestHelperErrorNamesLine notices).
func callPos(o *raymond.Options) int {
	v := reflect.ValueOf(o).Elem().FieldByName("eval")
	if !v.IsValid() || v.Kind() != reflect.Pointer || v.IsNil() {
		return -1
	}
	n := v.Elem().FieldByName("curNode")
	if !n.IsValid() || n.Kind() != reflect.Interface || n.IsNil() {
		return -1
	}
	n = n.Elem()
	if n.Kind() != reflect.Pointer || n.IsNil() {
		return -1
	}
	pos := n.Elem().FieldByName("Pos")
	if !pos.IsValid() || !pos.CanInt() {
		return -1
	}
	return int(pos.Int())
}

// toFloat reads a number from JSON data or a template literal; numeric
// strings count. ok is false for anything else; nil is (0, true, true).
func toFloat(v any) (f float64, ok, missing bool) {
	switch v := v.(type) {
	case nil:
		return 0, true, true
	case float64:
		return v, true, false
	case int:
		return float64(v), true, false
	case int64:
		return float64(v), true, false
	case float32:
		return float64(v), true, false
	case json.Number:
		f, err := v.Float64()
		return f, err == nil, false
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return f, err == nil && !math.IsInf(f, 0) && !math.IsNaN(f), false
	}
	return 0, false, false
}

func mustFloat(o *raymond.Options, helper string, v any) float64 {
	f, ok, _ := toFloat(v)
	if !ok {
		fail(o, "%s: %s is not a number", helper, describe(v))
	}
	return f
}

func describe(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	b, err := json.Marshal(v)
	if err != nil || len(b) > 40 {
		return fmt.Sprintf("a %T", v)
	}
	return string(b)
}

// compare orders numbers as numbers and everything else as text.
func compare(a, b any) int {
	fa, okA, _ := toFloat(a)
	fb, okB, _ := toFloat(b)
	_, aStr := a.(string)
	_, bStr := b.(string)
	if okA && okB && !(aStr && bStr) && a != nil && b != nil {
		switch {
		case fa < fb:
			return -1
		case fa > fb:
			return 1
		}
		return 0
	}
	return strings.Compare(raymond.Str(a), raymond.Str(b))
}

// tidy removes float64 noise (0.1+0.2) from arithmetic results.
func tidy(f float64) float64 {
	return math.Round(f*1e9) / 1e9
}

func arith(name string, op func(a, b float64) (float64, bool)) func(a, b any, o *raymond.Options) float64 {
	return func(a, b any, o *raymond.Options) float64 {
		r, ok := op(mustFloat(o, name, a), mustFloat(o, name, b))
		if !ok {
			fail(o, "%s: division by zero", name)
		}
		return tidy(r)
	}
}

func roundHelper(v any, o *raymond.Options) float64 {
	f := mustFloat(o, "round", v)
	p := math.Pow(10, float64(intHash(o, "round", "decimals", 0)))
	return math.Round(f*p) / p
}

// sumHelper adds up a list: its numbers, or with of="amount" a field of
// each item, or with of="qty*price" the product of fields.
func sumHelper(list any, o *raymond.Options) float64 {
	rv := reflect.ValueOf(list)
	if list == nil {
		return 0
	}
	if rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array {
		fail(o, "sum: %s is not a list", describe(list))
	}
	var fields []string
	if of := o.HashStr("of"); of != "" {
		for f := range strings.SplitSeq(of, "*") {
			fields = append(fields, strings.TrimSpace(f))
		}
	}
	total := 0.0
	for i := range rv.Len() {
		item := rv.Index(i).Interface()
		if len(fields) == 0 {
			total += mustFloat(o, "sum", item)
			continue
		}
		product := 1.0
		for _, f := range fields {
			m, ok := item.(map[string]any)
			if !ok {
				fail(o, "sum: item %d is not an object with %q", i, f)
			}
			product *= mustFloat(o, "sum", m[f])
		}
		total += product
	}
	return tidy(total)
}

func jsonHelper(v any) string {
	b, err := json.Marshal(v) // escapes <, > and &: safe inside <script>
	if err != nil {
		return ""
	}
	return string(b)
}

func intHash(o *raymond.Options, helper, name string, def int) int {
	v := o.HashProp(name)
	if v == nil {
		return def
	}
	f, ok, _ := toFloat(v)
	if !ok || f != math.Trunc(f) || f < 0 || f > 12 {
		fail(o, "%s: %s must be a whole number from 0 to 12", helper, name)
	}
	return int(f)
}

// printers caches a message.Printer per locale, by the locale's canonical
// form (en-us and en-US are one), in an LRU: locale= is the template's to
// choose, and 300,000 distinct tags once kept 82 MB of printers for good.
var printers = newLRU[string, *message.Printer](maxPrinters, maxPrinters)

// maxPrinters is more locales than a service's documents use in a while.
const maxPrinters = 256

func locale(o *raymond.Options, helper string) (language.Tag, *message.Printer) {
	name := o.HashStr("locale")
	if name == "" {
		name = "en-US"
	}
	tag, err := language.Parse(name)
	if err != nil {
		fail(o, "%s: unknown locale %q", helper, name)
	}
	key := tag.String()
	if p, ok := printers.get(key); ok {
		return tag, p
	}
	return tag, printers.add(key, message.NewPrinter(tag), 1)
}

// numberHelper formats a number with the locale's separators: up to two
// decimals, or exactly decimals=N.
func numberHelper(v any, o *raymond.Options) string {
	f, ok, missing := toFloat(v)
	if missing {
		return ""
	}
	if !ok {
		fail(o, "formatNumber: %s is not a number", describe(v))
	}
	_, p := locale(o, "formatNumber")
	lo, hi := 0, 2
	if o.HashProp("decimals") != nil {
		lo = intHash(o, "formatNumber", "decimals", 2)
		hi = lo
	}
	return p.Sprint(number.Decimal(f, number.MinFractionDigits(lo), number.MaxFractionDigits(hi)))
}

// currencyHelper formats an amount of an ISO 4217 currency for a locale:
// the currency's own decimals, its symbol placed as the locale writes it.
func currencyHelper(v any, code string, o *raymond.Options) string {
	f, ok, missing := toFloat(v)
	if missing {
		return ""
	}
	if !ok {
		fail(o, "formatCurrency: %s is not a number", describe(v))
	}
	cur, err := currency.ParseISO(code)
	if err != nil {
		fail(o, "formatCurrency: %q is not an ISO 4217 currency code", code)
	}
	tag, p := locale(o, "formatCurrency")
	digits, _ := currency.Standard.Rounding(cur)
	if o.HashProp("decimals") != nil {
		digits = intHash(o, "formatCurrency", "decimals", digits)
	}
	amount := p.Sprint(number.Decimal(math.Abs(f), number.MinFractionDigits(digits), number.MaxFractionDigits(digits)))
	symbol := p.Sprint(currency.NarrowSymbol(cur))
	sign := ""
	if f < 0 && amount != p.Sprint(number.Decimal(0.0, number.MinFractionDigits(digits), number.MaxFractionDigits(digits))) {
		sign = "-"
	}
	switch symbolPlacement(tag) {
	case symbolAfter:
		return sign + amount + "\u00a0" + symbol
	case symbolBeforeSpaced:
		return sign + symbol + "\u00a0" + amount
	}
	return sign + symbol + amount
}

type placement int

const (
	symbolBefore placement = iota
	symbolBeforeSpaced
	symbolAfter
)

// symbolPlacement is where a locale writes a currency symbol. x/text has
// the symbols but not CLDR's currency patterns; this table covers the
// locales of Europe and the Americas, and the rest default to "€12.00".
func symbolPlacement(tag language.Tag) placement {
	base, _ := tag.Base()
	region, _ := tag.Region()
	switch base.String() {
	case "de":
		if r := region.String(); r == "CH" || r == "AT" || r == "LI" {
			return symbolBeforeSpaced
		}
		return symbolAfter
	case "pt":
		if region.String() == "BR" {
			return symbolBeforeSpaced
		}
		return symbolAfter
	case "nl":
		return symbolBeforeSpaced
	case "fr", "es", "it", "pl", "cs", "sk", "sv", "fi", "da", "nb", "nn", "no", "ru", "uk", "be",
		"hu", "ro", "bg", "hr", "sl", "sr", "bs", "mk", "lt", "lv", "et", "el", "is", "ca", "gl", "eu":
		return symbolAfter
	}
	return symbolBefore
}

// dateLayouts are the forms of a date in data, tried in order.
var dateLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"}

// dateHelper formats a date (RFC 3339, 2006-01-02, or Unix seconds) with
// a Go layout such as "2 January 2006", in tz= (default UTC).
func dateHelper(v any, layout string, o *raymond.Options) string {
	if v == nil {
		return ""
	}
	var t time.Time
	if f, ok, _ := toFloat(v); ok {
		if _, isStr := v.(string); !isStr {
			sec, frac := math.Modf(f)
			t = time.Unix(int64(sec), int64(frac*1e9))
		}
	}
	if s, ok := v.(string); ok {
		for _, l := range dateLayouts {
			if parsed, err := time.Parse(l, strings.TrimSpace(s)); err == nil {
				t = parsed
				break
			}
		}
	}
	if t.IsZero() {
		fail(o, "formatDate: %s is not a date (use RFC 3339, 2006-01-02 or Unix seconds)", describe(v))
	}
	loc := time.UTC
	if tz := o.HashStr("tz"); tz != "" {
		l, err := time.LoadLocation(tz)
		if err != nil {
			fail(o, "formatDate: unknown time zone %q", tz)
		}
		loc = l
	}
	if layout == "" {
		layout = "2006-01-02"
	}
	return t.In(loc).Format(layout)
}
