// Package compactgen writes zcompact.go of package search: a copy of the
// search written over nodeOps, specialized to the Stepper's path (Compact
// positions and *fastOps).
//
// The search is written once, generically, over a position type P and
// its operations O (nodeOps). Go compiles the generic code once for all
// pointer types O and calls O's methods through a dictionary, so the
// Compact path, where a node costs about 100 ns, pays an indirect call
// for each read of a position's turn or stores. The specialized copy
// calls *fastOps directly, and the compiler inlines those reads.
//
// Generate copies, from the package's non-test files, every function
// whose type parameters are [P comparable, O nodeOps[P]] and every method
// of *linePath[P, O] that the entry points searchRoot and child reach (a
// method counts as called where it is called on t, the name the search
// gives its path), and rewrites it:
//
//   - the type parameters go; P becomes Compact, O becomes *fastOps and
//     *linePath[P, O] becomes *cpath;
//   - a function f becomes fC, and so do the calls of the copied
//     functions;
//   - the statement `if ct, ok := compactPath(t); ok { ... }`, by which
//     the generic entry points hand the Compact path to the copies, is
//     left out.
//
// The generic code stays the source: edit it and run go generate in
// mancala/search; a test there fails while zcompact.go is stale.
package compactgen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Output is the name of the file that Generate's result goes to.
const Output = "zcompact.go"

// roots are the generic functions that the copy is entered by.
var roots = []string{"searchRoot", "child"}

// skip are generic functions over nodeOps that are not copied: the hook
// itself, and the roots of the parallel searches, which call searchRoot
// and child through the hook.
var skip = map[string]bool{"compactPath": true, "searchRootLazy": true, "searchRootParallel": true}

// Generate returns the formatted source of zcompact.go for the package
// search in dir.
func Generate(dir string) ([]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	funcs := map[string]*ast.FuncDecl{}   // generic functions by name
	methods := map[string]*ast.FuncDecl{} // linePath methods by name
	from := map[*ast.FuncDecl]*ast.File{} // the file of each
	imports := map[string]string{}        // package name to path
	for _, name := range names {
		base := filepath.Base(name)
		if strings.HasSuffix(base, "_test.go") || base == Output {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, base, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, is := range f.Imports {
			p, _ := strconv.Unquote(is.Path.Value)
			imports[importName(is, p)] = p
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			switch {
			case fd.Recv != nil && isLinePath(fd.Recv.List[0].Type):
				methods[fd.Name.Name] = fd
			case fd.Recv == nil && nodeOpsParams(fd.Type.TypeParams) && !skip[fd.Name.Name]:
				funcs[fd.Name.Name] = fd
			default:
				continue
			}
			from[fd] = f
		}
	}
	for _, r := range roots {
		if funcs[r] == nil {
			return nil, fmt.Errorf("compactgen: no generic function %s in %s", r, dir)
		}
	}

	// The functions and methods the roots reach, in the order of their
	// files and positions.
	reached := map[*ast.FuncDecl]bool{}
	var visit func(fd *ast.FuncDecl)
	visit = func(fd *ast.FuncDecl) {
		if reached[fd] {
			return
		}
		reached[fd] = true
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				if g := funcs[fun.Name]; g != nil {
					visit(g)
				}
			case *ast.SelectorExpr:
				if x, ok := fun.X.(*ast.Ident); ok && x.Name == "t" && methods[fun.Sel.Name] != nil {
					visit(methods[fun.Sel.Name])
				}
			}
			return true
		})
	}
	for _, r := range roots {
		visit(funcs[r])
	}
	var decls []*ast.FuncDecl
	for fd := range reached {
		decls = append(decls, fd)
	}
	slices.SortFunc(decls, func(a, b *ast.FuncDecl) int { return int(a.Pos() - b.Pos()) })

	var body bytes.Buffer
	used := map[string]bool{}
	for _, fd := range decls {
		what := fd.Name.Name
		if fd.Recv != nil {
			what = "linePath." + what
		} else {
			fd.Name = ast.NewIdent(fd.Name.Name + "C")
		}
		rewrite(fd, funcs, used)
		fd.Doc = nil
		fmt.Fprintf(&body, "\n// %s is %s (%s) on the Compact path.\n", fd.Name.Name, what, fset.File(fd.Pos()).Name())
		if err := printer.Fprint(&body, fset, &printer.CommentedNode{Node: fd, Comments: from[fd].Comments}); err != nil {
			return nil, err
		}
		body.WriteString("\n")
	}

	var out bytes.Buffer
	out.WriteString("// Code generated by compactgen (go generate); DO NOT EDIT.\n\n")
	out.WriteString("// The search of alphabeta.go and the files beside it, specialized to\n")
	out.WriteString("// the Stepper's path: see mancala/search/internal/compactgen.\n\n")
	out.WriteString("package search\n\nimport (\n")
	var pkgs []string
	for name := range used {
		if p, ok := imports[name]; ok {
			pkgs = append(pkgs, p)
		}
	}
	// The standard library first, then the module's packages.
	slices.SortFunc(pkgs, func(a, b string) int {
		if sa, sb := !strings.Contains(a, "."), !strings.Contains(b, "."); sa != sb {
			if sa {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	for i, p := range pkgs {
		if i > 0 && strings.Contains(p, ".") && !strings.Contains(pkgs[i-1], ".") {
			out.WriteString("\n")
		}
		fmt.Fprintf(&out, "\t%q\n", p)
	}
	out.WriteString(")\n")
	// A hook left out leaves an empty line at the top of its function.
	out.Write(bytes.ReplaceAll(body.Bytes(), []byte("{\n\n"), []byte("{\n")))
	return format.Source(out.Bytes())
}

// importName returns the name a file refers to the import is by.
func importName(is *ast.ImportSpec, path string) string {
	if is.Name != nil {
		return is.Name.Name
	}
	return path[strings.LastIndex(path, "/")+1:]
}

// nodeOpsParams reports whether tp is [P comparable, O nodeOps[P]].
func nodeOpsParams(tp *ast.FieldList) bool {
	if tp == nil || len(tp.List) != 2 {
		return false
	}
	p, o := tp.List[0], tp.List[1]
	if len(p.Names) != 1 || p.Names[0].Name != "P" || len(o.Names) != 1 || o.Names[0].Name != "O" {
		return false
	}
	c, ok := p.Type.(*ast.Ident)
	if !ok || c.Name != "comparable" {
		return false
	}
	ix, ok := o.Type.(*ast.IndexExpr)
	if !ok {
		return false
	}
	n, ok1 := ix.X.(*ast.Ident)
	a, ok2 := ix.Index.(*ast.Ident)
	return ok1 && ok2 && n.Name == "nodeOps" && a.Name == "P"
}

// isLinePath reports whether e is *linePath[P, O].
func isLinePath(e ast.Expr) bool {
	st, ok := e.(*ast.StarExpr)
	if !ok {
		return false
	}
	ix, ok := st.X.(*ast.IndexListExpr)
	if !ok || len(ix.Indices) != 2 {
		return false
	}
	n, ok := ix.X.(*ast.Ident)
	p, ok1 := ix.Indices[0].(*ast.Ident)
	o, ok2 := ix.Indices[1].(*ast.Ident)
	return ok && ok1 && ok2 && n.Name == "linePath" && p.Name == "P" && o.Name == "O"
}

// rewrite specializes fd in place (see the package comment) and records
// in used the identifiers it selects from (package names among them).
func rewrite(fd *ast.FuncDecl, funcs map[string]*ast.FuncDecl, used map[string]bool) {
	fd.Type.TypeParams = nil
	// Calls of the copied functions are renamed first, while their
	// names are still those of the generic code.
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && funcs[id.Name] != nil {
				call.Fun = ast.NewIdent(id.Name + "C")
			}
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok {
				used[x.Name] = true
			}
		}
		return true
	})
	if fd.Body != nil {
		fd.Body.List = slices.DeleteFunc(fd.Body.List, isHook)
	}
	replaceTypes(fd)
}

// isHook reports whether s is `if ct, ok := compactPath(t); ok { ... }`.
func isHook(s ast.Stmt) bool {
	is, ok := s.(*ast.IfStmt)
	if !ok {
		return false
	}
	as, ok := is.Init.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	call, ok := as.Rhs[0].(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "compactPath"
}

// replaceTypes puts Compact for P, *fastOps for O and *cpath for
// *linePath[P, O] everywhere in fd.
func replaceTypes(fd *ast.FuncDecl) {
	fix := func(e ast.Expr) ast.Expr {
		switch x := e.(type) {
		case *ast.StarExpr:
			if isLinePath(x) {
				return &ast.StarExpr{X: ast.NewIdent("cpath")}
			}
		case *ast.Ident:
			switch x.Name {
			case "P":
				return ast.NewIdent("Compact")
			case "O":
				return &ast.StarExpr{X: ast.NewIdent("fastOps")}
			}
		}
		return e
	}
	// Every expression slot that can hold a type is rewritten through
	// the parent node's fields.
	ast.Inspect(fd, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Field:
			x.Type = fix(x.Type)
		case *ast.ValueSpec:
			if x.Type != nil {
				x.Type = fix(x.Type)
			}
		case *ast.IndexExpr:
			x.Index = fix(x.Index)
		case *ast.IndexListExpr:
			for i := range x.Indices {
				x.Indices[i] = fix(x.Indices[i])
			}
		case *ast.CompositeLit:
			if x.Type != nil {
				x.Type = fix(x.Type)
			}
		case *ast.CallExpr:
			x.Fun = fix(x.Fun)
			for i := range x.Args {
				x.Args[i] = fix(x.Args[i])
			}
		case *ast.TypeAssertExpr:
			if x.Type != nil {
				x.Type = fix(x.Type)
			}
		case *ast.ArrayType:
			x.Elt = fix(x.Elt)
		case *ast.MapType:
			x.Key, x.Value = fix(x.Key), fix(x.Value)
		case *ast.StarExpr:
			x.X = fix(x.X)
		case *ast.ChanType:
			x.Value = fix(x.Value)
		}
		return true
	})
}
