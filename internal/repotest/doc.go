// Package repotest holds tests of the repository itself rather than of a
// package: that a clone stands alone, with no path, link or citation that
// leads outside it, and that docs/architecture.md names every package.
package repotest
