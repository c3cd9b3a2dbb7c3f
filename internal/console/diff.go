package console

import "strings"

// diffRow is one row of a side-by-side comparison of two texts.
type diffRow struct {
	Kind            string // same, changed, removed (left only) or added (right only)
	LeftNo, RightNo int    // 1-based line numbers; 0 where the side has no line
	Left, Right     string
}

// maxDiffCells bounds the comparison's table of common subsequences: past
// it (two versions of 3,000 lines that differ everywhere), the differing
// middle is shown as one changed block.
const maxDiffCells = 4 << 20

// lineDiff compares a and b line by line (a longest common subsequence of
// their lines, after their common start and end), pairing removed and added
// lines side by side as changed.
func lineDiff(a, b string) []diffRow {
	al, bl := splitLines(a), splitLines(b)
	pre := 0
	for pre < len(al) && pre < len(bl) && al[pre] == bl[pre] {
		pre++
	}
	suf := 0
	for suf < len(al)-pre && suf < len(bl)-pre && al[len(al)-1-suf] == bl[len(bl)-1-suf] {
		suf++
	}
	var rows []diffRow
	for i := range pre {
		rows = append(rows, diffRow{Kind: "same", LeftNo: i + 1, RightNo: i + 1, Left: al[i], Right: bl[i]})
	}
	am, bm := al[pre:len(al)-suf], bl[pre:len(bl)-suf]
	rows = append(rows, middleDiff(am, bm, pre)...)
	for k := range suf {
		i, j := len(al)-suf+k, len(bl)-suf+k
		rows = append(rows, diffRow{Kind: "same", LeftNo: i + 1, RightNo: j + 1, Left: al[i], Right: bl[j]})
	}
	return rows
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// middleDiff compares the differing middles, whose first lines are line
// off+1 of each text.
func middleDiff(a, b []string, off int) []diffRow {
	type op struct {
		kind byte // '=', '-', '+'
		i, j int
	}
	var ops []op
	if len(a)*len(b) > maxDiffCells {
		for i := range a {
			ops = append(ops, op{'-', i, 0})
		}
		for j := range b {
			ops = append(ops, op{'+', 0, j})
		}
	} else {
		// lcs[i][j]: the longest common subsequence of a[i:] and b[j:].
		w := len(b) + 1
		lcs := make([]int32, (len(a)+1)*w)
		for i := len(a) - 1; i >= 0; i-- {
			for j := len(b) - 1; j >= 0; j-- {
				if a[i] == b[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(a) || j < len(b) {
			switch {
			case i < len(a) && j < len(b) && a[i] == b[j]:
				ops = append(ops, op{'=', i, j})
				i, j = i+1, j+1
			case j < len(b) && (i == len(a) || lcs[i*w+j+1] >= lcs[(i+1)*w+j]):
				ops = append(ops, op{'+', 0, j})
				j++
			default:
				ops = append(ops, op{'-', i, 0})
				i++
			}
		}
	}
	// Pair each run of removals with the run of additions next to it.
	var rows []diffRow
	for k := 0; k < len(ops); {
		if ops[k].kind == '=' {
			o := ops[k]
			rows = append(rows, diffRow{Kind: "same", LeftNo: off + o.i + 1, RightNo: off + o.j + 1, Left: a[o.i], Right: b[o.j]})
			k++
			continue
		}
		var dels, adds []op
		for k < len(ops) && ops[k].kind != '=' {
			if ops[k].kind == '-' {
				dels = append(dels, ops[k])
			} else {
				adds = append(adds, ops[k])
			}
			k++
		}
		for n := range max(len(dels), len(adds)) {
			r := diffRow{Kind: "changed"}
			if n < len(dels) {
				r.LeftNo, r.Left = off+dels[n].i+1, a[dels[n].i]
			}
			if n < len(adds) {
				r.RightNo, r.Right = off+adds[n].j+1, b[adds[n].j]
			}
			switch {
			case r.LeftNo == 0:
				r.Kind = "added"
			case r.RightNo == 0:
				r.Kind = "removed"
			}
			rows = append(rows, r)
		}
	}
	return rows
}
