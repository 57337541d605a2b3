package archtest

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// errorPrefixExempt are packages whose wrapped errors are not named after an operation, with
// the reason.
var errorPrefixExempt = map[string]string{
	// Its errors are messages to the operator that name the variable at fault ("DATA_DIR: …").
	"config": "names the environment variable instead",
	// Generated code follows its generator's style.
	"gen": "generated",
}

// Every wrapped error says where it came from the same way, "<pkg>.<Operation>: …" (a method may
// be "<pkg>.<Type>.<Method>"), so a log line leads to the function that failed without grepping
// for a phrase. A helper that is handed the operation may wrap with "%s: …".
func TestErrorsAreWrappedWithTheirOperation(t *testing.T) {
	t.Parallel()
	for _, f := range moduleGoFiles(t) {
		rel, ok := strings.CutPrefix(f.rel, "internal/")
		if !ok {
			continue // commands report to the person who ran them
		}
		top, _, _ := strings.Cut(rel, "/")
		if _, ok := errorPrefixExempt[top]; ok {
			continue
		}
		op := regexp.MustCompile(`^(` + regexp.QuoteMeta(f.ast.Name.Name) + `\.(%s|[A-Za-z]\w*(\.[A-Z]\w*)?)|%s): `)
		ast.Inspect(f.ast, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !isSelector(call.Fun, "fmt", "Errorf") || len(call.Args) == 0 {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.Contains(format, "%w") {
				return true
			}
			if !op.MatchString(format) {
				t.Errorf("%s: wrap as %q, not %q", f.pos(lit), f.ast.Name.Name+".<Operation>: …", format)
			}
			return true
		})
	}
}

func isSelector(e ast.Expr, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg
}
