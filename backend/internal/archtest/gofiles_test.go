package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// goFile is one hand-written, non-test Go file of the backend module.
type goFile struct {
	rel  string // path relative to the module, e.g. "internal/order/store.go"
	fset *token.FileSet
	ast  *ast.File
}

func (f goFile) pos(n ast.Node) string {
	p := f.fset.Position(n.Pos())
	return f.rel + ":" + strconv.Itoa(p.Line)
}

// moduleGoFiles parses every non-test Go file of the module, leaving out generated ones.
func moduleGoFiles(t *testing.T) []goFile {
	t.Helper()
	root := filepath.Join("..", "..")
	var files []goFile
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		files = append(files, goFile{rel: filepath.ToSlash(rel), fset: fset, ast: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("found only %d Go files; is the test running from internal/archtest?", len(files))
	}
	return files
}
