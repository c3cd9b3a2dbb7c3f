package render

import (
	"fmt"
	"strconv"
)

// maxProblems bounds the problems one failed accessibility check lists.
const maxProblems = 50

// accessibilityJS checks a ready page for what PDF/UA-1 needs and a
// machine can tell (docs/rendering.md, PDF/UA-1): a language, a title,
// alt text on every image, headings that skip no level, a header cell on
// every data table. It returns the problems found, each naming its
// element. %s is whether options.pdf.title gives the title.
const accessibilityJS = `(() => {
	const titled = %s, max = %d, out = [];
	const add = s => { out.push(s); };
	const short = (s, n) => { s = String(s == null ? '' : s).replace(/\s+/g, ' ').trim(); return s.length > n ? s.slice(0, n) + '…' : s; };
	if (!(document.documentElement.getAttribute('lang') || '').trim()) {
		add('html has no lang attribute: the document language, e.g. <html lang="en">');
	}
	if (!titled && !document.title.replace(/\u200b/g, '').trim()) {
		add('the document has no title: give it a <title> or options.pdf.title');
	}
	document.querySelectorAll('img').forEach((img, i) => {
		if (!img.hasAttribute('alt')) {
			add('img #' + (i + 1) + ' (src=' + short(img.getAttribute('src'), 60) + ') has no alt text (alt="" marks an image as decoration)');
		}
	});
	let prev = 0;
	document.querySelectorAll('h1, h2, h3, h4, h5, h6').forEach((h, i) => {
		const level = +h.tagName[1];
		const what = h.tagName.toLowerCase() + ' #' + (i + 1) + ' ("' + short(h.textContent, 40) + '")';
		if (prev === 0 && level > 1) add(what + ' is the first heading but not h1');
		else if (level > prev + 1) add(what + ' skips a level: it follows an h' + prev);
		prev = level;
	});
	document.querySelectorAll('table').forEach((t, i) => {
		const role = (t.getAttribute('role') || '').trim().toLowerCase();
		if (role === 'presentation' || role === 'none') return;
		const cells = [...t.rows].flatMap(r => [...r.cells]);
		if (cells.length && !cells.some(c => c.tagName === 'TH')) {
			add('table #' + (i + 1) + ' (first cell "' + short(cells[0].textContent, 30) + '") has no header cell (th) (a layout table takes role="presentation")');
		}
	});
	return out.length > max ? out.slice(0, max).concat(['and ' + (out.length - max) + ' more problems']) : out;
})()`

// accessibilityCheck is the check of a page to be printed as PDF/UA-1, or
// "" for any other.
func accessibilityCheck(o Options) string {
	if !o.PDF.Accessible() {
		return ""
	}
	return fmt.Sprintf(accessibilityJS, strconv.FormatBool(o.PDF.Title != ""), maxProblems)
}
