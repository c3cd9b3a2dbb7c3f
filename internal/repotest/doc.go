// Package repotest holds tests of the repository itself rather than of a
// package: that a clone stands alone, with no path, link or citation that
// leads outside it; that every link between its pages resolves; that the
// user pages cite no commit but on a figure's "Measured at" line, the
// history being docs/performance-log.md's; and that docs/architecture.md
// names every package.
package repotest
